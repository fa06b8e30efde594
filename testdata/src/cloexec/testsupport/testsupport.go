package testsupport // want package:"startsProcess"

// Package testsupport is a file system's conformance suite that other
// packages' tests call (its non-test files take a *testing.T): its code is
// test code, so a descriptor without close-on-exec is reported only when
// the test itself starts a child while it is open. A helper that takes no
// testing type is test code too (rclone's vfstest dup helper). Compare
// testingtesting, a production package.

import (
	"os/exec"
	"syscall"
	"testing"
)

// dupFD is the suite's helper: it takes no testing type.
func dupFD(fd int) (int, error) {
	return syscall.Dup(fd) // ok: test code, and no child starts while it is open
}

// CheckDup is the suite's entry point.
func CheckDup(t *testing.T, fd int) {
	nfd, err := dupFD(fd)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Close(nfd)
}

// CheckExec starts a child while its copy is open: the child inherits it.
func CheckExec(t *testing.T, fd int) { // want CheckExec:"startsProcessFunc"
	nfd, err := syscall.Dup(fd) // want `syscall.Dup creates a descriptor without close-on-exec`
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(nfd)
	if err := exec.Command("true").Run(); err != nil {
		t.Fatal(err)
	}
}
