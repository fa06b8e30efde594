//go:build !unix && !windows

package osx

import (
	"io/fs"
	"os"
)

// TryLock always succeeds where no lock is available: liveness is then
// judged by age alone.
func TryLock(*os.File) (bool, error) { return true, nil }

// LockShared does nothing where no lock is available.
func LockShared(*os.File) error { return nil }

// DirLocks reports whether directory locks exist on this platform.
const DirLocks = false

// Owner is not reported on this platform.
func Owner(fs.FileInfo) (int, bool) { return 0, false }

// IsTerminal reports false: no terminal detection on this platform.
func IsTerminal(*os.File) bool { return false }
