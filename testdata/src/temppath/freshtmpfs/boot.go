// Package freshtmpfs: code that mounts a fresh tmpfs on /tmp (an init at
// boot, a sandbox in its own mount namespace) and then creates in it owns
// everything there: a fixed name is not squattable. Before the mount, or
// in another root, it is.
package freshtmpfs

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

func boot() error {
	if err := syscall.Mount("tmpfs", "/tmp", "tmpfs", 0, "mode=1777"); err != nil {
		return err
	}
	if err := os.WriteFile("/tmp/resolv.conf", nil, 0o644); err != nil {
		return err
	}
	return os.MkdirAll("/tmp/.X11-unix", 0o1777)
}

func sandbox() error {
	os.WriteFile("/dev/shm/early", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
	if err := unix.Mount("tmpfs", "/dev/shm/", "tmpfs", 0, ""); err != nil {
		return err
	}
	os.WriteFile("/tmp/other-root", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
	return os.WriteFile("/dev/shm/late", nil, 0o600)
}

// bind: a bind mount brings an existing directory, not a fresh one.
func bind() error {
	if err := syscall.Mount("/srv/tmp", "/tmp", "", syscall.MS_BIND, ""); err != nil {
		return err
	}
	return os.WriteFile("/tmp/state", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}
