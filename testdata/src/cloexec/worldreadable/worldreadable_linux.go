// Package worldreadable: a read-only descriptor of a device node that
// every user may open (/dev/urandom, /dev/null) grants an inheriting child
// nothing: strict-only. Writable access, another path, or a path that is
// not constant keeps the finding.
package worldreadable

import (
	"syscall"

	"golang.org/x/sys/unix"
)

type reader struct{ fd int }

func (r *reader) init() error {
	fd, err := unix.Open("/dev/urandom", unix.O_RDONLY, 0) // kept for the program's life; grants nothing
	if err != nil {
		return err
	}
	r.fd = fd
	return nil
}

func null() (int, error) {
	return syscall.Open("/dev/null", syscall.O_RDONLY|syscall.O_NONBLOCK, 0)
}

func nullAt() (int, error) {
	return unix.Openat(unix.AT_FDCWD, "/dev/zero", unix.O_RDONLY, 0)
}

func writable() (int, error) {
	return unix.Open("/dev/null", unix.O_WRONLY, 0) // want `unix.Open without O_CLOEXEC`
}

func other() (int, error) {
	return unix.Open("/dev/kvm", unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
}

func notClean() (int, error) {
	return unix.Open("/dev/../etc/shadow", unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
}

func computed(name string) (int, error) {
	return unix.Open(name, unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
}
