// Package regression_besidetarget: a temp object made next to a target
// (os.CreateTemp(filepath.Dir(filename), ...), as an atomic write does)
// sits in the directory where the target lives, which nobody cleans: when
// the function hands it on or renames it on some path, the error paths
// that drop it leak it (helm's AtomicWriteFile, dockertest's
// NewAtomicFileWriter). A parameter directory that is not the directory
// of a path stays the caller's concern.
package regression_besidetarget

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

var pending = map[string]string{}

// stage keeps the name for a later rename: it takes its parameter.
func stage(tmp, target string) { pending[target] = tmp }

// writeBeside is helm's AtomicWriteFile with a helper that takes the name.
func writeBeside(filename string, r io.Reader) error {
	f, err := os.CreateTemp(filepath.Split(filename)) // want `temp file f from os.CreateTemp is stored for later but not removed on the 2 returns that leak it`
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	stage(f.Name(), filename)
	return nil
}

type atomicWriter struct {
	f  *os.File
	fn string
}

func (w *atomicWriter) Write(b []byte) (int, error) { return w.f.Write(b) }

func (w *atomicWriter) Close() error {
	w.f.Close()
	return os.Rename(w.f.Name(), w.fn)
}

// newAtomicWriter is dockertest's NewAtomicFileWriter, with a step that
// can fail (its filepath.Abs fails only without a working directory, and
// is not searched by default: regression_owncannotfail): the directory is
// a variable assigned the target's directory.
func newAtomicWriter(filename string, header []byte) (io.WriteCloser, error) {
	dir := filepath.Dir(filename)
	f, err := os.CreateTemp(dir, ".tmp-"+filepath.Base(filename)) // want `temp file f from os.CreateTemp is returned to the caller but not removed on the return that leaks it`
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(header); err != nil {
		return nil, err
	}
	return &atomicWriter{f: f, fn: filename}, nil
}

// inStaging makes its object in a directory it is given: whoever manages
// that directory may remove what is left in it.
func inStaging(staging string, bad bool) (*os.File, error) {
	f, err := os.CreateTemp(staging, "part-*")
	if err != nil {
		return nil, err
	}
	if bad {
		return nil, errors.New("bad")
	}
	return f, nil
}

// besideKept never lets the object go on any path: a unique name next to
// the target, meant to stay.
func besideKept(filename string) error {
	f, err := os.CreateTemp(filepath.Dir(filename), "keep-*")
	if err != nil {
		return err
	}
	_, err = f.WriteString("x")
	f.Close()
	return err
}
