// Package linuxonly has no build constraint either, but it uses
// EpollCreate1, which only Linux has: the package does not build for the
// platforms that lack Pipe2 or SOCK_CLOEXEC, and the fixes are safe.
package linuxonly

import (
	"syscall"

	"golang.org/x/sys/unix"
)

func epoll() (int, error) {
	return unix.EpollCreate1(unix.EPOLL_CLOEXEC)
}

func pipe(p []int) error {
	return unix.Pipe(p) // want `unix.Pipe creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use unix.Pipe2\(p, unix.O_CLOEXEC\)$`
}

func accept(s int) (int, error) {
	fd, _, err := syscall.Accept(s) // want `syscall.Accept creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use syscall.Accept4\(fd, syscall.SOCK_CLOEXEC\)$`
	return fd, err
}
