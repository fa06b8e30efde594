package testfilesquiet

import (
	"syscall"
	"testing"
)

func TestParallel(t *testing.T) {
	t.Parallel()
	var p [2]int
	syscall.Pipe(p[:]) // ok
	syscall.Close(p[0])
	syscall.Close(p[1])
}

// Outside _test.go files the library rule applies.
func TestLibrary(t *testing.T) {
	syscall.Close(Dup(0))
}

// CheckDup is a test suite's function: it takes a *testing.T, so it runs
// only in a test, and this package starts no process.
func CheckDup(t *testing.T, fd int) {
	nfd, err := syscall.Dup(fd) // ok
	if err != nil {
		t.Fatal(err)
	}
	keep(nfd)
}
