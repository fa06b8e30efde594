//go:build unix

package osx

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// TryLock takes an exclusive advisory lock (flock) on f without waiting.
// It reports false, nil when another open file description holds the lock:
// the lock's owner is alive. The lock is released when f is closed or its
// process dies, whatever way it dies.
func TryLock(f *os.File) (bool, error) {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EWOULDBLOCK):
			return false, nil
		}
		return false, &fs.PathError{Op: "flock", Path: f.Name(), Err: err}
	}
}

// LockShared takes a shared advisory lock (flock LOCK_SH) on f without
// waiting: the convention by which a live process keeps a directory it
// uses from cleaners (systemd-tmpfiles skips a directory it cannot lock,
// and everything below it) and from the shim's own pruning and sweeping.
func LockShared(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_SH|unix.LOCK_NB)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: "flock", Path: f.Name(), Err: err}
		}
		return nil
	}
}

// DirLocks reports whether directory locks (LockShared on a directory)
// exist on this platform.
const DirLocks = true

// Owner returns the uid owning the file described by fi.
func Owner(fi fs.FileInfo) (int, bool) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid), true
	}
	return 0, false
}

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), ioctlGetTermios)
	return err == nil
}
