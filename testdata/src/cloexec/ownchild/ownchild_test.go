package ownchild

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// The test passes one end to its child on purpose.
func TestPassFD(t *testing.T) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // ok: strict only, shared with the test's child on purpose
	if err != nil {
		t.Fatal(err)
	}
	writeFile := os.NewFile(uintptr(fds[0]), "child-writes")
	readFile := os.NewFile(uintptr(fds[1]), "parent-reads")
	defer writeFile.Close()
	defer readFile.Close()
	cmd := exec.Command("helper")
	cmd.ExtraFiles = []*os.File{writeFile}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(string(out), err)
	}
}

// Neither end goes to the child: it inherits both by accident.
func TestNotPassed(t *testing.T) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // want `syscall.Socketpair without SOCK_CLOEXEC`
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fds[0])
	defer syscall.Close(fds[1])
	if err := exec.Command("helper").Run(); err != nil {
		t.Fatal(err)
	}
}
