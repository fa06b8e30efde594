// Package umaskrestore_strict: under -strict, a Umask whose mask is not
// constant is reported, unless the mask is what an earlier Umask call
// returned (a restore of the mask the process had): only the call that
// cleared it is judged.
package umaskrestore_strict

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

func saved() {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	os.Mkdir("/var/lib/app", 0o700)
}

func savedUnix() {
	old := unix.Umask(0o077)
	os.Mkdir("/var/lib/app", 0o700)
	unix.Umask(old)
}

// Declared without a value: the zero mask may reach the call.
func zeroDeclared(set bool) {
	var old int
	if set {
		old = unix.Umask(0o077)
	}
	unix.Umask(old) // want `unix.Umask with a mask that is not constant may let other-write through`
}

func nested() {
	defer syscall.Umask(syscall.Umask(0o077))
	os.Mkdir("/var/lib/app", 0o700)
}

func inClosure() {
	old := syscall.Umask(0o077)
	defer func() { syscall.Umask(old) }()
	os.Mkdir("/var/lib/app", 0o700)
}

// A parameter's origin is not known.
func param(mask int) {
	syscall.Umask(mask) // want `syscall.Umask with a mask that is not constant may let other-write through`
}

// Assigned something else on some path: not only a saved mask.
func mixed(reset bool, m int) {
	old := syscall.Umask(0o077)
	if reset {
		old = m
	}
	syscall.Umask(old) // want `syscall.Umask with a mask that is not constant may let other-write through`
}

// Its address is taken: anything may be stored through it.
func addressed(set func(*int)) {
	old := syscall.Umask(0o077)
	set(&old)
	syscall.Umask(old) // want `syscall.Umask with a mask that is not constant may let other-write through`
}

// The read-and-restore idiom through a package variable of another type
// (chezmoi's init): the restore is right after the read.
var Mask uint32

func readConverted() {
	Mask = uint32(syscall.Umask(0)) // want `syscall.Umask\(0o0\) reads the umask by opening it`
	syscall.Umask(int(Mask))
}

// A package variable restored later: other functions may assign it.
func restoreLater() {
	syscall.Umask(int(Mask)) // want `syscall.Umask with a mask that is not constant`
}
