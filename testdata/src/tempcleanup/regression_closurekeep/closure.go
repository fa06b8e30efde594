// Package regression_closurekeep: a function literal that captures a temp
// object keeps it for as long as the literal lives. Returning or storing
// the literal, or passing it to a function that stores it, hands the
// object off; calling it here is a use. go-containerregistry's
// tarball.LayerFromReader hands its temp file to LayerFromFile, which keeps
// the path in the opener it stores in the layer: a deferred removal would
// delete what the layer reads.
package regression_closurekeep

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

type opener func() (io.ReadCloser, error)

type layer struct{ open opener }

// fromOpener keeps the opener it is passed.
func fromOpener(o opener) (*layer, error) {
	return &layer{open: o}, nil
}

// fromFile keeps its path in the opener it stores: it takes the path.
func fromFile(path string) (*layer, error) {
	o := func() (io.ReadCloser, error) {
		return os.Open(path)
	}
	return fromOpener(o)
}

// fromReader is LayerFromReader: the copy's error path leaks the file,
// the success path hands it to the layer.
func fromReader(r io.Reader) (*layer, error) {
	tmp, err := os.CreateTemp("", "") // want `temp file tmp from os.CreateTemp is stored for later but not removed on the return that leaks it, so it stays on disk there: remove it there only: name the error result err and defer func\(\) \{ if err != nil \{ os.Remove\(tmp.Name\(\)\) \} \}\(\) right after the error check`
	if err != nil {
		return nil, fmt.Errorf("creating temp file: %w", err)
	}
	if _, err := io.Copy(tmp, r); err != nil {
		return nil, fmt.Errorf("writing temp file: %w", err)
	}
	return fromFile(tmp.Name())
}

// run only calls the function it is passed: a borrow.
func run(f func() error) error { return f() }

// checked calls a literal that captures the file, here or through run:
// the file never outlives the function.
func checked() error {
	tmp, err := os.CreateTemp("", "") // want `temp file tmp from os.CreateTemp is not removed on any path, so it stays on disk: defer os.Remove\(tmp.Name\(\)\) right after the error check`
	if err != nil {
		return err
	}
	read := func() error {
		_, err := os.ReadFile(tmp.Name())
		return err
	}
	if err := read(); err != nil {
		return err
	}
	return run(func() error { return tmp.Sync() })
}

// watcher returns a literal that captures the directory: the caller keeps
// it through the literal.
func watcher() (func() error, error) {
	dir, err := os.MkdirTemp("", "w") // want `temp directory dir from os.MkdirTemp is returned to the caller but not removed on the return that leaks it, so it stays on disk there: remove it there only: name the error result err and defer func\(\) \{ if err != nil \{ os.RemoveAll\(dir\) \} \}\(\) right after the error check`
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "x"), nil, 0o600); err != nil {
		return nil, err
	}
	return func() error {
		_, err := os.Stat(dir)
		return err
	}, nil
}

var hooks struct{ onExit func() }

// registered stores a literal that removes the directory: whoever runs
// the hook removes it.
func registered() error {
	dir, err := os.MkdirTemp("", "h")
	if err != nil {
		return err
	}
	hooks.onExit = func() { os.RemoveAll(dir) }
	return nil
}

// readerOf returns a literal that captures only a path inside the
// directory: the caller can read the file but has no way to the
// directory, which nobody removes.
func readerOf() (func() ([]byte, error), error) {
	dir, err := os.MkdirTemp("", "r") // want `temp directory dir from os.MkdirTemp is still in use when the function returns but not removed on any path, so it stays on disk: remove it at the exits reached before it is put in use, and once what uses it is done after that`
	if err != nil {
		return nil, err
	}
	p := filepath.Join(dir, "data")
	if err := os.WriteFile(p, nil, 0o600); err != nil {
		return nil, err
	}
	return func() ([]byte, error) { return os.ReadFile(p) }, nil
}
