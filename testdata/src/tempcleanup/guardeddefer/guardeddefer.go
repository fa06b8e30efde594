// Package guardeddefer holds removals deferred under "if err != nil" on
// the named error result: they run only at the returns that fail.
package guardeddefer

import (
	"errors"
	"io"
	"os"
)

// A creator: on success the caller owns the file, on failure it is gone.
func makeTemp(d []byte) (f *os.File, err error) {
	f, err = os.CreateTemp("", "x") // ok: removed on failure, returned on success
	if err != nil {
		return nil, err
	}
	tmp := f // "return nil, err" sets f to nil before the deferred call reads it
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = f.Write(d); err != nil {
		return nil, err
	}
	return f, nil
}

// Its caller owes the removal: makeTemp's fact says it returns a temp file.
func use(d []byte) error {
	f, err := makeTemp(d) // want `temp file f from makeTemp is not removed on any path`
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(d)
	return err
}

// The success return skips the guarded removal and keeps nothing.
func process(d []byte) (err error) {
	f, err := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is removed by a deferred call only when its error variable is set, and this return leaves that variable nil, so it stays on disk: remove it on this path as well, or hand it off`
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(f.Name())
		}
	}()
	defer f.Close()
	if len(d) == 0 {
		return errors.New("empty")
	}
	_, err = f.Write(d)
	return nil
}

// An unguarded deferred removal covers every return.
func always(d []byte) (err error) {
	f, err := os.CreateTemp("", "x") // ok: removed on every path
	if err != nil {
		return err
	}
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()
	_, err = f.Write(d)
	return nil
}

// The guard is a local error, not the result (coreos/ignition's
// PerformFetch): on the append branch the outer err stays nil, so the
// guarded removal does not run and the file stays.
func fetchInto(path string, appendMode bool, fetch func(io.Writer) error) error {
	var err error
	var tmp *os.File
	if tmp, err = os.CreateTemp("", "tmp"); err != nil { // want `temp file tmp from os.CreateTemp is removed by a deferred call only when its error variable is set, and this return leaves that variable nil, so it stays on disk: assign the error to that variable before returning it \(a shadowing := hides it\)`
		return err
	}
	defer func() {
		tmp.Close()
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if err = fetch(tmp); err != nil {
		return err
	}
	if appendMode {
		target, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		defer target.Close()
		_, err = io.Copy(target, tmp)
		return err
	}
	err = os.Rename(tmp.Name(), path)
	return err
}

// A writer cannot name the file it writes to: handing the file to a
// function value, or an interface method, that takes an io.Writer keeps
// it the caller's.
type fetcher interface {
	Fetch(url string, dst io.Writer) error
}

func download(f fetcher, url string) error {
	tmp, err := os.CreateTemp("", "dl") // want `temp file tmp from os.CreateTemp is not removed on every path`
	if err != nil {
		return err
	}
	if err := f.Fetch(url, tmp); err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	return tmp.Close()
}

// Handed as any, the callee may assert it back to a file: unknown code.
func hand(keep func(any)) {
	tmp, err := os.CreateTemp("", "any") // ok by default: unknown code got it
	if err != nil {
		return
	}
	keep(tmp)
}
