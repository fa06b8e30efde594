// Package umaskread: reading the umask means setting it and putting it
// back. The mask is open only between the two calls, so the message says
// so (other goroutines' files in that window); a mask left open for the
// rest of the function keeps the plain message.
package umaskread

import (
	"os"
	"syscall"
)

func readAndRestore() int {
	m := syscall.Umask(0) // want `syscall.Umask\(0o0\) reads the umask by opening it: until the next call restores it`
	syscall.Umask(m)
	return m
}

func nested() {
	syscall.Umask(syscall.Umask(0)) // want `reads the umask by opening it`
}

func deferredRestore() {
	defer syscall.Umask(syscall.Umask(0)) // want `syscall.Umask\(0o0\) lets other-write through until the deferred call restores the mask when the function returns`
	os.WriteFile("/srv/x", nil, 0o666)
}

func restoredLater() {
	m := syscall.Umask(0) // want `lets other-write through: files created afterwards`
	os.WriteFile("/srv/y", nil, 0o666)
	syscall.Umask(m)
}

func restoresSomethingElse() {
	m := syscall.Umask(0) // want `lets other-write through: files created afterwards`
	syscall.Umask(0o022)
	_ = m
}
