package testfiles

import (
	"io"
	"os"
	"os/exec"
	"testing"
)

// A child left unwaited in a test is a zombie until the test binary exits:
// strict-only (testkill_strict).
func TestChild(t *testing.T) {
	cmd := exec.Command("child")
	cmd.Start() // ok
}

// The test's read of the pipe never sees EOF while it holds the write end.
func TestPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r`
		t.Fatal(err)
	}
	io.ReadAll(r)
	w.Close()
	cmd.Wait()
}

func TestChildWaited(t *testing.T) {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		t.Fatal(err)
	}
	cmd.Wait()
}
