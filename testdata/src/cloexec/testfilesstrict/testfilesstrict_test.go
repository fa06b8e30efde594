package testfilesstrict

import (
	"syscall"
	"testing"
)

func TestOpen(t *testing.T) {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	syscall.Close(fd)
}
