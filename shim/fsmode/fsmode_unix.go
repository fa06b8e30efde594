//go:build unix

package fsmode

import (
	"errors"
	"os"
	"syscall"
)

const (
	oNoFollow  = syscall.O_NOFOLLOW
	oCloexec   = syscall.O_CLOEXEC
	oDirectory = syscall.O_DIRECTORY
)

// syncDir fsyncs a directory so that a rename in it is durable.
func syncDir(dir string) error {
	d, err := os.OpenFile(dir, os.O_RDONLY|oCloexec|oDirectory, 0)
	if err != nil {
		return err
	}
	err = d.Sync()
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) {
		err = nil // some file systems cannot sync directories
	}
	if err1 := d.Close(); err == nil {
		err = err1
	}
	return err
}
