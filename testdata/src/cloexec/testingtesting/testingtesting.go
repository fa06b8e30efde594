// Package testingtesting imports testing only to ask whether it runs
// under a test: it is production code, and its findings stay.
package testingtesting

import (
	"syscall"
	"testing"
)

func DupFD(fd int) int {
	if testing.Testing() {
		return fd
	}
	nfd, _ := syscall.Dup(fd) // want `syscall.Dup creates a descriptor without close-on-exec`
	return nfd
}
