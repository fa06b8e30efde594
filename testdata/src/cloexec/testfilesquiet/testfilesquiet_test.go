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
