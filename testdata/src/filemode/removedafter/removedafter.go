// Package removedafter: a chmod that opens a tree only so that the next
// statement can remove it (cmd/go's modfetch.RemoveAll, the script
// engine's removeAll) is strict-only; a tree that stays keeps the finding.
package removedafter

import (
	"io/fs"
	"os"
	"path/filepath"

	"filemode/removedafter/rmhelper"
)

// The module cache has 0555 directories: each is made writable in a walk,
// then the root is removed.
func removeCache(dir string) error {
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		if err != nil || info.IsDir() {
			os.Chmod(path, 0o777) // not reported: removed right after the walk
		}
		return nil
	})
	return os.RemoveAll(dir)
}

// The removal is another package's function that removes its argument
// (a fact).
func removeWithHelper(dir string) error {
	filepath.Walk(dir, func(path string, info fs.FileInfo, err error) error {
		os.Chmod(path, 0o777) // not reported: removed right after the walk
		return nil
	})
	return rmhelper.RemoveAll(dir)
}

// A local function that removes its argument on every path.
func removeLocal(dir string) {
	os.Chmod(dir, 0o777) // not reported: removed by the next statement
	wipe(dir)
}

func wipe(dir string) { os.RemoveAll(dir) }

// The tree stays: something else comes after the walk.
func openTree(dir string) {
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		os.Chmod(path, 0o777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
		return nil
	})
	println("opened", dir)
	os.RemoveAll(dir)
}

// Another tree is removed.
func otherRemoved(dir, other string) {
	os.Chmod(dir, 0o777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
	os.RemoveAll(other)
}

// The callback opens a path that is not the walked entry.
func sibling(dir, shared string) error {
	filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		os.Chmod(shared, 0o777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
		return nil
	})
	return os.RemoveAll(dir)
}

var kept []string

// A local function that keeps the path rather than removing it.
func keep(dir string) {
	os.Chmod(dir, 0o777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
	store(dir)
}

func store(dir string) { kept = append(kept, dir) }
