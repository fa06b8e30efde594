// Package umaskread: reading the umask means setting it and putting it
// back. The mask is open only between the two calls, so the message says
// so (other goroutines' files in that window); a mask left open for the
// rest of the function keeps the plain message. A mask restored in the
// same function (by the next statement, or by a defer) is reported only
// when a goroutine of the package may run while it is cleared: a parallel
// test, or one the function starts before it returns; otherwise only
// -strict reports it.
package umaskread

import (
	"os"
	"syscall"
)

func readAndRestore() int {
	m := syscall.Umask(0) // strict only: nothing runs between the two calls
	syscall.Umask(m)
	return m
}

func nested() {
	syscall.Umask(syscall.Umask(0)) // strict only: nothing runs between the two calls
}

func deferredRestore() {
	defer syscall.Umask(syscall.Umask(0)) // strict only: no goroutine starts while it is cleared
	os.WriteFile("/srv/x", nil, 0o666)
}

func deferredRestoreGo(done chan bool) {
	defer syscall.Umask(syscall.Umask(0)) // want `syscall.Umask\(0o0\) lets other-write through until the deferred call restores the mask when the function returns.*Chmod each object after creating it`
	go func() { os.WriteFile("/srv/x", nil, 0o666); done <- true }()
	<-done
}

func writeInBackground() { go os.WriteFile("/srv/z", nil, 0o666) }

func deferredRestoreCallsGo() {
	old := syscall.Umask(0) // want `lets other-write through until the deferred call restores the mask`
	defer syscall.Umask(old)
	writeInBackground()
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
