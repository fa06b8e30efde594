package testfiles

import (
	"syscall"
	"testing"
)

func TestOpen(t *testing.T) {
	syscall.Open("testdata/x", syscall.O_RDONLY, 0)                   // want `syscall.Open without O_CLOEXEC`
	syscall.Open("testdata/x", syscall.O_RDONLY|syscall.O_CLOEXEC, 0) // ok
}
