package testkeep

import (
	"io"
	"net"
	"os"
	"os/exec"
	"testing"
)

// A test that keeps its copy of a listener handed to a child holds a
// descriptor until the test binary exits: strict-only.
func TestListenerKept(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	f, err := ln.(*net.TCPListener).File()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{f}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
}

// A pipe whose write end the test keeps while it reads the other end
// hangs the test: still reported.
func TestReaderHangs(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r`
		t.Fatal(err)
	}
	io.ReadAll(r)
	cmd.Wait()
}
