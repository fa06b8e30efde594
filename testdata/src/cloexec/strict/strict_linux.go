package strict

import (
	"syscall"

	"golang.org/x/sys/unix"
)

func pick(m int) int { return m }

func nonConstant(path string, mode int, fd int, how *unix.OpenHow, f uintptr) {
	flags := pick(mode)
	syscall.Open(path, flags, 0)                   // want `the flags of syscall.Open are not constant and may lack O_CLOEXEC: set syscall.O_CLOEXEC so that child processes do not inherit the descriptor`
	syscall.Open(path, flags|syscall.O_CLOEXEC, 0) // ok: the constant part has it
	syscall.Open(path, flags|syscall.O_RDONLY, 0)  // want `the flags of syscall.Open are not constant`
	unix.Socket(unix.AF_UNIX, flags, 0)            // want `the flags of unix.Socket are not constant`
	syscall.Dup2(fd, int(f))                       // want `syscall.Dup2 onto a descriptor that may not be standard input, output or error`
	unix.Openat2(unix.AT_FDCWD, path, how)         // want `cannot tell whether the OpenHow of unix.Openat2 has O_CLOEXEC`
	unix.FcntlInt(f, unix.F_SETFD, flags)          // want `fcntl F_SETFD with flags that are not constant may clear FD_CLOEXEC`
	syscall.Open(path, syscall.O_RDONLY, 0)        // want `syscall.Open without O_CLOEXEC`
}

func setLater(path string) (int, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY, 0) // want `syscall.Open creates a descriptor without close-on-exec and sets the flag only afterwards, without holding syscall.ForkLock`
	if err != nil {
		return -1, err
	}
	syscall.CloseOnExec(fd)
	return fd, nil
}

// The flags come from the caller, unchanged: its business (os's open).
func open(path string, flag int, perm uint32) (int, error) {
	return syscall.Open(path, flag, perm) // ok
}
