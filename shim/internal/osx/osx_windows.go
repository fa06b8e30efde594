package osx

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// TryLock takes an exclusive lock on f without waiting; false, nil means
// another process holds it.
func TryLock(f *os.File) (bool, error) {
	ol := new(windows.Overlapped)
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return false, nil
	}
	return false, &fs.PathError{Op: "lock", Path: f.Name(), Err: err}
}

// LockShared does nothing on Windows: a directory is not locked there,
// and liveness is the lock file's alone.
func LockShared(*os.File) error { return nil }

// DirLocks reports whether directory locks exist on this platform.
const DirLocks = false

// Owner is not reported on Windows, whose temp dir is per user.
func Owner(fs.FileInfo) (int, bool) { return 0, false }

// IsTerminal reports whether f is a console.
func IsTerminal(f *os.File) bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil
}
