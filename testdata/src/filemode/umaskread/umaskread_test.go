package umaskread

import (
	"syscall"
	"testing"
)

func RunParallel(t *testing.T) {
	t.Parallel()
	readInParallel()
}

// readInParallel runs in a parallel test. In test code the umask rules
// are strict-only: the test clears the mask on purpose.
func readInParallel() int {
	m := syscall.Umask(0) // strict only: test code (a _test.go file)
	syscall.Umask(m)
	return m
}
