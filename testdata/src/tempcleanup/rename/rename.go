package rename

import (
	"os"
	"path/filepath"
)

// atomicWrite is the atomic-write pattern done right: every failure path
// removes the temp file.
func atomicWrite(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// atomicWriteDefer removes on failure with a deferred check.
func atomicWriteDefer(path string, data []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// renameFailureLeaks leaves the temp file when the rename fails.
func renameFailureLeaks(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*") // want `temp file f from os.CreateTemp is not removed on every path`
	if err != nil {
		return err
	}
	name := f.Name()
	f.Write(data)
	f.Close()
	if err := os.Rename(name, path); err != nil {
		return err
	}
	return nil
}

// writeFailureLeaks leaves the temp file when the write fails.
func writeFailureLeaks(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*") // want `not removed on every path`
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	f.Close()
	return os.Rename(f.Name(), path)
}
