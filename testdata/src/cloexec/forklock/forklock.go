// Package forklock is the regression test for internal/poll's
// dupCloseOnExecOld: creating a descriptor and setting close-on-exec right
// after, with syscall.ForkLock held, is the safe pre-O_CLOEXEC idiom.
package forklock

import (
	"syscall"

	"golang.org/x/sys/unix"
)

func dupCloseOnExecOld(fd int) (int, error) {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	newfd, err := syscall.Dup(fd) // ok: made close-on-exec under ForkLock
	if err != nil {
		return -1, err
	}
	syscall.CloseOnExec(newfd)
	return newfd, nil
}

func pipeUnderLock(p []int) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	if err := syscall.Pipe(p); err != nil { // ok
		return err
	}
	unix.FcntlInt(uintptr(p[0]), unix.F_SETFD, unix.FD_CLOEXEC)
	unix.FcntlInt(uintptr(p[1]), unix.F_SETFD, unix.FD_CLOEXEC)
	return nil
}

// Without the lock a fork in between inherits the descriptor: strict only.
func withoutLock(path string) (int, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY, 0) // ok: strict only
	if err != nil {
		return -1, err
	}
	syscall.CloseOnExec(fd)
	return fd, nil
}

// Setting the flag on something else does not excuse a bare creation in a
// function that never does so.
func noSet(path string) (int, error) {
	return syscall.Open(path, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
}
