// Package umaskinit: reading the umask (set it to 0, put it back) while
// the package is initialized runs before main, in one goroutine: no other
// goroutine's files can be created in the window. The same read in a
// function that runs later is racy only while other goroutines create
// files; a read restored by the next statement is reported only in a
// parallel test (umaskread), so here every read is strict-only.
package umaskinit

import (
	"io/fs"
	"syscall"
)

// Mask is chezmoi's: the mask read into a package variable of another
// type, converted on the way out and back.
var Mask fs.FileMode

var mask = readMask()

var inline = func() int {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return m
}()

var nested = syscall.Umask(syscall.Umask(0))

func init() {
	m := syscall.Umask(0)
	syscall.Umask(m)
	mask = m
}

func init() {
	Mask = fs.FileMode(syscall.Umask(0))
	syscall.Umask(int(Mask))
}

// The same read in a function that runs later, converted: restored by the
// next statement, so strict only.
func convertedLater() fs.FileMode {
	Mask = fs.FileMode(syscall.Umask(0)) // strict only
	syscall.Umask(int(Mask))
	return Mask
}

// readMask is called by an initializer, but can be called later too.
func readMask() int {
	m := syscall.Umask(0) // strict only
	syscall.Umask(m)
	return m
}

func later() func() int {
	return func() int {
		m := syscall.Umask(0) // strict only
		syscall.Umask(m)
		return m
	}
}
