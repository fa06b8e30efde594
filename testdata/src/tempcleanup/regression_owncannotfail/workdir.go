package regression_owncannotfail

import (
	"os"
	"path/filepath"
)

type atomicWriter struct {
	f  *os.File
	fn string
}

// The atomic file writer of moby's and containers/storage's ioutils: the
// only return before the hand-off is filepath.Abs's, which fails only when
// the working directory is gone. Not searched by default.
func newAtomicWriter(filename string) (*atomicWriter, error) {
	f, err := os.CreateTemp(filepath.Dir(filename), ".tmp-"+filepath.Base(filename))
	if err != nil {
		return nil, err
	}
	abspath, err := filepath.Abs(filename)
	if err != nil {
		return nil, err
	}
	return &atomicWriter{f: f, fn: abspath}, nil
}

// os.Getwd fails for the same reason only.
func workDirName() (string, string, error) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return "", "", err
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", "", err
	}
	return dir, wd, nil
}

// EvalSymlinks fails for a missing or unreadable component: its return
// still leaks (go-getter's mkdirTemp).
func evalSymlinks(name string) (string, string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", "", err
	}
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return "", "", err
	}
	return dir, real, nil
}

// Abs is spared only on its own branch: a later return still leaks.
func absThenFail(name string) (string, string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", "", err
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", "", err
	}
	if err := populate(abs); err != nil {
		return "", "", err
	}
	return dir, abs, nil
}
