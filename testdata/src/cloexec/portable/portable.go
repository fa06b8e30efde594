//go:build unix

// Package portable builds for darwin and aix too, whose syscall package
// has no SOCK_CLOEXEC, Pipe2 or Accept4: a fix adding them would break the
// build there.
package portable

import "syscall"

func socket() (int, error) {
	return syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // want `syscall.Socket without SOCK_CLOEXEC creates a descriptor that every child process started meanwhile inherits: add syscall.SOCK_CLOEXEC where the platform has it, in a file built only there; this file also builds for darwin, ios, aix, which lack it: there, hold syscall.ForkLock.RLock\(\) around the call and syscall.CloseOnExec`
}

func pipe(p []int) error {
	return syscall.Pipe(p) // want `syscall.Pipe creates a descriptor without close-on-exec.*this file also builds for darwin, ios, aix, which lack Pipe2`
}

// O_CLOEXEC exists everywhere: the usual finding and fix.
func open(path string) (int, error) {
	return syscall.Open(path, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC creates a descriptor`
}
