package regression_failingvalue

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"testing"
)

func TestTable(t *testing.T) {
	newFile := func() (io.Reader, func(), error) {
		f, err := os.CreateTemp("", "x") // ok: strict only, leaks only where the test fails
		if err != nil {
			return nil, nil, err
		}
		if _, err := f.WriteString("data"); err != nil {
			return nil, nil, fmt.Errorf("write: %v", err)
		}
		return f, func() { f.Close(); os.Remove(f.Name()) }, nil
	}
	newBuffer := func() (io.Reader, func(), error) {
		return bytes.NewBufferString("data"), func() {}, nil
	}
	cases := []struct {
		name string
		open func() (io.Reader, func(), error)
	}{
		{name: "file", open: newFile},
		{name: "buffer", open: newBuffer},
		{name: "wrapped", open: func() (io.Reader, func(), error) {
			r, done, err := newFile() // the error handed on to the table's failing read
			return io.NopCloser(r), done, err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, done, err := tc.open()
			if err != nil {
				t.Fatal(err)
			}
			defer done()
			io.Copy(io.Discard, r)
		})
	}
}

// The table's read only logs the error: the test goes on, not failed.
func TestLoggedTable(t *testing.T) {
	newFile := func() (io.Reader, func(), error) {
		f, err := os.CreateTemp("", "x") // want `returned to the caller but not removed on the return that leaks it`
		if err != nil {
			return nil, nil, err
		}
		if _, err := f.WriteString("data"); err != nil {
			return nil, nil, fmt.Errorf("write: %v", err)
		}
		return f, func() { f.Close(); os.Remove(f.Name()) }, nil
	}
	cases := []struct {
		name string
		open func() (io.Reader, func(), error)
	}{
		{name: "file", open: newFile},
	}
	for _, tc := range cases {
		r, done, err := tc.open()
		if err != nil {
			t.Log(err)
			continue
		}
		done()
		_ = r
	}
}

// The helper is also handed to code that may call it any way.
func TestPassedOn(t *testing.T) {
	newDir := func() (string, error) {
		dir, err := os.MkdirTemp("", "x") // want `returned to the caller but not removed on the return that leaks it`
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
			return "", err
		}
		return dir, nil
	}
	dir, err := newDir()
	if err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
	run(newDir)
}

// A wrapper that hands the error on to a caller that ignores it.
func TestWrappedIgnored(t *testing.T) {
	newDir := func() (string, error) {
		dir, err := os.MkdirTemp("", "x") // want `returned to the caller but not removed on the return that leaks it`
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
			return "", err
		}
		return dir, nil
	}
	wrapped := func() (string, error) {
		dir, err := newDir()
		return dir, err
	}
	dir, _ := wrapped()
	os.RemoveAll(dir)
}

func run(f func() (string, error)) { f() }
