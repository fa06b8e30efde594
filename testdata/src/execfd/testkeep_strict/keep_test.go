package testkeep_strict

import (
	"net"
	"os"
	"os/exec"
	"testing"
)

// Under -strict, the test's kept copy is reported.
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
	if err := cmd.Start(); err != nil { // want `f is handed to the child but the parent does not close it after Start on some path: the parent keeps its copy of the descriptor open`
		t.Fatal(err)
	}
	cmd.Wait()
}
