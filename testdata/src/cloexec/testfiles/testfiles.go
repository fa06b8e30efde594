package testfiles // want package:"startsProcess"

// Package testfiles shows the test policy of cloexec: a descriptor made
// without close-on-exec in a test is reported when the test itself starts
// a child while it is open; otherwise (a parallel test in a package that
// starts processes included) only -strict reports it
// (testfilesquiet, testfilesstrict). Positive and negative cases side by
// side in testfiles_test.go.

import (
	"os/exec"
	"syscall"
	"testing"
)

// Run starts a process, so that the package's tests may start one.
func Run() error { return exec.Command("true").Run() } // want Run:"startsProcessFunc"

// CheckDup is a test suite's function in a package that starts processes,
// and it starts one while the copy is open.
func CheckDup(t *testing.T, fd int) { // want CheckDup:"startsProcessFunc"
	nfd, err := syscall.Dup(fd) // want `syscall.Dup creates a descriptor without close-on-exec`
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(nfd)
	Run()
}
