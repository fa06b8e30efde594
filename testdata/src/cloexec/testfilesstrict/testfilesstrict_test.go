package testfilesstrict

import (
	"syscall"
	"testing"
)

func TestOpen(t *testing.T) {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	syscall.Close(fd)
}

// A parallel test, in a package whose tests start processes: another
// test's child may inherit the descriptor.
func TestParallel(t *testing.T) {
	t.Parallel()
	var p [2]int
	syscall.Pipe(p[:]) // want `syscall.Pipe creates a descriptor without close-on-exec`
}

func TestRuns(t *testing.T) {
	t.Parallel()
	run()
}
