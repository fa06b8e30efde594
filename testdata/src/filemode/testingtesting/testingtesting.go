// Package testingtesting imports testing only to ask whether it runs
// under a test: it is production code, and its findings stay.
package testingtesting

import (
	"syscall"
	"testing"
)

func clearMask() func() {
	if testing.Testing() {
		return func() {}
	}
	old := syscall.Umask(0) // want `syscall.Umask\(0o0\) lets other-write through`
	return func() { syscall.Umask(old) }
}

var _ = clearMask
