// Package borrow checks that passing a temp object, or a path inside it, to
// a function that only uses it leaves the obligation with the caller, and
// that only a function that keeps it takes it.
package borrow

import (
	"os"
	"path/filepath"

	"tempcleanup/borrowlib"
)

// The leak: the download fails and the directory stays.
func downloadLeaks(url string) error {
	dir, err := os.MkdirTemp("", "extract-") // want `temp directory dir from os.MkdirTemp is not removed on every path`
	if err != nil {
		return err
	}
	tgz := filepath.Join(dir, "k.tar.gz")
	if err := borrowlib.Download(url, tgz); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func downloadRemoves(url string) error {
	dir, err := os.MkdirTemp("", "extract-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return borrowlib.Download(url, filepath.Join(dir, "k.tar.gz"))
}

// A variadic ...string parameter borrows too.
func runLeaks() error {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		return err
	}
	if err := borrowlib.Run("tar", "-C", dir, "-xf", "a.tar"); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// A temp file passed as an io.Writer is borrowed.
func fillLeaks() error {
	f, err := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is not removed on every path`
	if err != nil {
		return err
	}
	defer f.Close()
	if err := borrowlib.Fill(f); err != nil {
		return err
	}
	return os.Remove(f.Name())
}

// A function that returns a path inside the directory does not take the
// directory.
func cachePathLeaks(url string) error {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		return err
	}
	if err := borrowlib.Download(url, borrowlib.CachePath(dir, "k")); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// A real hand-off: the registry keeps the directory.
func registryTakes(r *borrowlib.Registry) error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	r.Add(dir, true)
	return nil
}

// Returned to the caller by the callee: taken.
func normalizeTakes() (string, error) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return "", err
	}
	return borrowlib.Normalize(dir)
}

// Unknown code (a function value inside the callee): silent by default.
func visitUnknown(fn func(string) error) error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	return borrowlib.Visit(dir, fn)
}

// A local helper that only uses its argument borrows it.
func extractLocal(dir string) error { return borrowlib.Run("tar", "-C", dir) }

func localLeaks() error {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		return err
	}
	if err := extractLocal(dir); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}
