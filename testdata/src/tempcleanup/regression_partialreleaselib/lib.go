// Package regression_partialreleaselib: owner types whose Close releases
// their temp file, on every path or on some only, used by
// regression_partialreleasecaller.
package regression_partialreleaselib

import (
	"os"
	"path/filepath"
)

// AtomicWriter's Close returns a failed Write's remembered error before it
// registers the removal of its temp file (syncthing's osutil).
type AtomicWriter struct {
	path string
	next *os.File
	err  error
}

func CreateAtomic(path string) (*AtomicWriter, error) {
	fd, err := os.CreateTemp(filepath.Dir(path), ".tmp.")
	if err != nil {
		return nil, err
	}
	return &AtomicWriter{path: path, next: fd}, nil
}

// Wrap makes a writer around a file the caller made: it made no temp
// file itself.
func Wrap(path string, fd *os.File) *AtomicWriter {
	return &AtomicWriter{path: path, next: fd}
}

func (w *AtomicWriter) Write(bs []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.next.Write(bs)
	if err != nil {
		w.err = err
	}
	return n, err
}

func (w *AtomicWriter) Close() error {
	if w.err != nil {
		return w.err
	}
	defer os.Remove(w.next.Name())
	if err := w.next.Close(); err != nil {
		return err
	}
	return os.Rename(w.next.Name(), w.path)
}

// SafeWriter's Close registers the removal first.
type SafeWriter struct {
	path string
	next *os.File
	err  error
}

func CreateSafe(path string) (*SafeWriter, error) {
	fd, err := os.CreateTemp(filepath.Dir(path), ".tmp.")
	if err != nil {
		return nil, err
	}
	return &SafeWriter{path: path, next: fd}, nil
}

func (w *SafeWriter) Write(bs []byte) (int, error) {
	n, err := w.next.Write(bs)
	if err != nil {
		w.err = err
	}
	return n, err
}

func (w *SafeWriter) Close() error {
	defer os.Remove(w.next.Name())
	if w.err != nil {
		return w.err
	}
	if err := w.next.Close(); err != nil {
		return err
	}
	return os.Rename(w.next.Name(), w.path)
}
