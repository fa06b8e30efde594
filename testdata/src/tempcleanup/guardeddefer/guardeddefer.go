// Package guardeddefer holds removals deferred under "if err != nil" on
// the named error result: they run only at the returns that fail.
package guardeddefer

import (
	"errors"
	"os"
)

// A creator: on success the caller owns the file, on failure it is gone.
func makeTemp(d []byte) (f *os.File, err error) {
	f, err = os.CreateTemp("", "x") // ok: removed on failure, returned on success
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(d); err != nil {
		return nil, err
	}
	return f, nil
}

// Its caller owes the removal: makeTemp's fact says it returns a temp file.
func use(d []byte) error {
	f, err := makeTemp(d) // want `temp file f from makeTemp is not removed on every path`
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(d)
	return err
}

// The success return skips the guarded removal and keeps nothing.
func process(d []byte) (err error) {
	f, err := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is not removed on every path`
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
