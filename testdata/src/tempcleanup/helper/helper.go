// Package helper creates temp objects for its callers and cleans up
// objects they pass in; package usehelper uses it across the package
// boundary.
package helper

import (
	"os"
	"path/filepath"
)

// TempDir returns a directory the caller must remove.
func TempDir() (string, error) { // want TempDir:"returnsTemp\\(dir 0\\)"
	return os.MkdirTemp("", "helper")
}

// TempFileName returns the name of a temp file the caller must remove.
func TempFileName(data []byte) (string, error) { // want TempFileName:"returnsTemp\\(path 0\\)"
	f, err := os.CreateTemp("", "helper")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// Setup returns a directory and the function that removes it.
func Setup() (string, func(), error) { // want Setup:"returnsTemp\\(dir 0, cleanup 1\\)"
	dir, err := os.MkdirTemp("", "helper")
	if err != nil {
		return "", nil, err
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// Scratch returns only the cleanup of a directory it prepared.
func Scratch() func() { // want Scratch:"returnsTemp\\(cleanup 0\\)"
	dir, err := os.MkdirTemp("", "helper")
	if err != nil {
		return func() {}
	}
	os.WriteFile(filepath.Join(dir, "scratch"), nil, 0o600)
	return func() { os.RemoveAll(dir) }
}

// FileIn creates a temp file in the caller's directory.
func FileIn(dir string) (*os.File, error) { // want FileIn:"returnsTemp\\(file 0, in param 0\\)" FileIn:"borrows\\(0\\)"
	return os.CreateTemp(filepath.Clean(dir), "helper")
}

// Remove removes its argument on every path.
func Remove(dir string) { // want Remove:"releases\\(0\\)"
	if err := os.RemoveAll(dir); err != nil {
		println(err.Error())
	}
}

// RemoveIfOK removes only on success: no fact.
func RemoveIfOK(dir string, ok bool) { // want RemoveIfOK:"borrows\\(0\\)"
	if ok {
		os.RemoveAll(dir)
	}
}

// Keeper takes ownership of the directories given to it.
type Keeper struct{ dirs []string }

// Keep takes dir on every path: it releases dir by keeping it, which its
// callers in other packages learn from takes.
func (k *Keeper) Keep(dir string) { // want Keep:"releases\\(0\\)" Keep:"takes\\(0\\)"
	k.dirs = append(k.dirs, dir)
}

// Managed registers its own cleanup: the caller owes nothing.
func Managed(t interface{ Cleanup(func()) }) string {
	dir, err := os.MkdirTemp("", "helper")
	if err != nil {
		return ""
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
