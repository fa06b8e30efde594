// Package removedafter_strict: -strict reports the chmod that opens a tree
// right before its removal.
package removedafter_strict

import (
	"io/fs"
	"os"
	"path/filepath"
)

func removeCache(dir string) error {
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		os.Chmod(path, 0o777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
		return nil
	})
	return os.RemoveAll(dir)
}
