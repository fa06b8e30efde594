// Package regression_partialreleasecaller relies on another package's
// releasing method that skips the removal of its temp file on some path
// (syncthing's config Save over osutil.CreateAtomic, audit33 S21).
package regression_partialreleasecaller

import (
	"os"

	lib "tempcleanup/regression_partialreleaselib"
)

// Save: positive, a failed Write makes Close return before its removal.
func Save(path string, data []byte) error {
	fd, err := lib.CreateAtomic(path)
	if err != nil {
		return err
	}
	if _, err := fd.Write(data); err != nil {
		fd.Close() // want `temp file from regression_partialreleaselib.CreateAtomic is held by fd and released by fd.Close\(\), but AtomicWriter.Close returns at lib.go:46 without removing it, so on that path it stays on disk: in AtomicWriter.Close, call os.Remove\(w.next.Name\(\)\) before that return`
		return err
	}
	return fd.Close()
}

// SaveSafe: negative, SafeWriter.Close removes on every path.
func SaveSafe(path string, data []byte) error {
	fd, err := lib.CreateSafe(path)
	if err != nil {
		return err
	}
	if _, err := fd.Write(data); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}

// SaveWrapped: negative, the writer wraps a file that is not a temp file
// of its own: its Close has nothing of the constructor's to leave.
func SaveWrapped(path string, data []byte) error {
	f, err := os.Create(path + ".new")
	if err != nil {
		return err
	}
	fd := lib.Wrap(path, f)
	if _, err := fd.Write(data); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}
