// Package chmodremove: a chmod to a world-writable mode that only makes a
// read-only tree removable (the removal follows at once) is strict-only;
// one that leaves the tree in place stays.
package chmodremove

import (
	"io/fs"
	"os"
	"path/filepath"

	"filemode/chmodremove/robust"
)

// removeAll makes every directory writable, then removes the tree, as
// cmd/internal/script's rm does.
func removeAll(dir string) error { // want removeAll:"removesParam"
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		if err != nil || info.IsDir() {
			os.Chmod(path, 0777) // strict-only: removed below
		}
		return nil
	})
	return robust.RemoveAll(dir)
}

func removeWalk(dir string) error { // want removeWalk:"removesParam"
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		return os.Chmod(path, 0o777) // strict-only: removed below
	})
	if err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func removeOne(dir string) error { // want removeOne:"removesParam"
	os.Chmod(dir, 0o777) // strict-only: removed at once
	return os.Remove(dir)
}

func trashed(dir string) error {
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		os.Chmod(path, 0777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
		return nil
	})
	return robust.Trash(dir)
}

func kept(dir string) error {
	return filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		return os.Chmod(path, 0777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
	})
}

func otherRemoved(dir, other string) error { // want otherRemoved:"removesParam"
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		os.Chmod(path, 0777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
		return nil
	})
	return os.RemoveAll(other)
}

func reassigned(dir string) error {
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		os.Chmod(path, 0777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
		return nil
	})
	dir = "/srv/data"
	return os.RemoveAll(dir)
}

func otherPath(dir string) error { // want otherPath:"removesParam"
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		os.Chmod(filepath.Join(path, "x"), 0777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
		return nil
	})
	return os.RemoveAll(dir)
}
