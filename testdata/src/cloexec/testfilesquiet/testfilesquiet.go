// Package testfilesquiet: its tests are parallel but neither they nor
// anything they import starts a process, so no test can leak a descriptor
// into a child.
package testfilesquiet

import (
	"syscall"
	"testing"
)

// Dup keeps the copy: the library's finding stays.
func Dup(fd int) int {
	nfd, _ := syscall.Dup(fd) // want `syscall.Dup creates a descriptor without close-on-exec`
	return nfd
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

var kept []int

func keep(fd int) { kept = append(kept, fd) }
