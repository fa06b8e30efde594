// Package filleddir: a temp directory removed only with os.Remove (or an
// rmdir), which fails on a directory that is not empty, while the function
// leaves an entry in it: the directory and its contents stay on disk.
// Positive and negative cases side by side.
package filleddir

import (
	"os"
	"path/filepath"
	"syscall"
)

func writeInto(data []byte) error {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is removed with os.Remove, which fails on a directory that is not empty, but the function creates filepath.Join\(dir, "f"\) in it \(line 19\) and does not remove it`
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	return os.WriteFile(filepath.Join(dir, "f"), data, 0o600)
}

func namedEntry() error {
	dir, err := os.MkdirTemp("", "x") // want `creates name in it`
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(dir) }()
	name := filepath.Join(dir, "sub")
	if err := os.Mkdir(name, 0o700); err != nil {
		return err
	}
	_, err = os.Stat(name)
	return err
}

func tempInside() error {
	dir, err := os.MkdirTemp("", "x") // want `creates a temp file in it`
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	f, err := os.CreateTemp(dir, "")
	if err != nil {
		return err
	}
	return f.Close()
}

func rmdir() error {
	dir, err := os.MkdirTemp("", "x") // want `is removed with syscall.Rmdir`
	if err != nil {
		return err
	}
	defer syscall.Rmdir(dir)
	return os.WriteFile(dir+"/f", nil, 0o600)
}

// Negative: the entry is removed before the directory.
func entryRemoved() error {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	name := filepath.Join(dir, "f")
	defer os.Remove(name)
	return os.WriteFile(name, nil, 0o600)
}

// Negative: the tree is removed.
func treeRemoved() error {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.WriteFile(filepath.Join(dir, "f"), nil, 0o600)
}

// Negative: the entry is moved out of the directory.
func renamedOut(dst string) error {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	name := filepath.Join(dir, "f")
	if err := os.WriteFile(name, nil, 0o600); err != nil {
		return err
	}
	return os.Rename(name, dst)
}

// Negative: a helper gets the directory; it may fill or empty it.
func handedToHelper() error {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	os.WriteFile(filepath.Join(dir, "f"), nil, 0o600)
	return clean(dir)
}

func clean(dir string) error { return os.RemoveAll(dir) }

// Negative: the entry's name is returned, so the caller holds it (and
// RemoveAll would delete it under the caller).
func entryReturned() (string, error) {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		return "", err
	}
	defer os.Remove(dir)
	name := filepath.Join(dir, "f")
	return name, os.WriteFile(name, nil, 0o600)
}

// Negative: nothing is created in it; an empty directory is removed.
func empty() error {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	_, err = os.ReadDir(dir)
	return err
}

// Negative: the entry is only opened for reading, not created.
func readOnly() error {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	f, err := os.OpenFile(filepath.Join(dir, "f"), os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	return f.Close()
}
