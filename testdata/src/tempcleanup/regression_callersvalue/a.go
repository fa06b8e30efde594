// Package regression_callersvalue: a creator that returns, on another
// path, its caller's own value instead of a temp object (cli's
// IOStreams.TempFile with its test override in a receiver field;
// goreleaser's keyPath, which returns its parameter when it names a key
// file and a temp file holding the key otherwise). Its callers leak what
// it made on the paths where it made one; they must not be told to remove
// their own value, and get no edit.
package regression_callersvalue

import (
	"fmt"
	"io"
	"os"
	"strings"

	lib "tempcleanup/regression_callersvaluelib"
)

type IOStreams struct {
	TempFileOverride *os.File
	ErrOut           *os.File
}

func (s *IOStreams) TempFile(dir, pattern string) (*os.File, error) {
	if s.TempFileOverride != nil {
		return s.TempFileOverride, nil
	}
	return os.CreateTemp(dir, pattern)
}

// Preserve keeps the file for the user on success, and leaks it, unnamed,
// on the failed write (cli preserve.go).
func Preserve(io *IOStreams, data []byte) {
	tmpfile, err := io.TempFile(os.TempDir(), "gh*.json") // want `temp file tmpfile from TempFile is not removed on every path, so it stays on disk when TempFile created it \(on another path TempFile returns its caller's own value instead\): remove it where it leaks, but only when it is not the value of yours that TempFile hands back \(compare it with that value first\)`
	if err != nil {
		fmt.Fprintf(io.ErrOut, "failed to save input to file: %s\n", err)
		return
	}
	_, err = tmpfile.Write(data)
	if err != nil {
		fmt.Fprintf(io.ErrOut, "failed to save input to file: %s\n", err)
		return
	}
	fmt.Fprintf(io.ErrOut, "To restore: gh create --recover %s\n", tmpfile.Name())
}

// PreserveRemoving removes what it made on the failed write, and leaves
// the override alone.
func PreserveRemoving(io *IOStreams, data []byte) {
	tmpfile, err := io.TempFile(os.TempDir(), "gh*.json")
	if err != nil {
		return
	}
	if _, err := tmpfile.Write(data); err != nil {
		tmpfile.Close()
		if tmpfile != io.TempFileOverride {
			os.Remove(tmpfile.Name())
		}
		return
	}
	fmt.Fprintf(io.ErrOut, "To restore: gh create --recover %s\n", tmpfile.Name())
}

// Handing it on to the caller is no leak.
func Open(io *IOStreams) (*os.File, error) {
	return io.TempFile("", "x")
}

type Cmd struct{ io *IOStreams }

// A wrapper is a creator of the same kind: its callers are judged alike.
func (c *Cmd) tempFile() (*os.File, error) {
	f, err := c.io.TempFile("", "x")
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (c *Cmd) Run(data []byte) error {
	f, err := c.tempFile() // want `temp file f from tempFile is not removed on any path, so it stays on disk when tempFile created it \(on another path tempFile returns its caller's own value instead\)`
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return err
}

// KeyPath returns key itself when it names a key file, a temp file holding
// the key otherwise (goreleaser client/git.go keyPath).
func KeyPath(key string) (string, error) {
	path := key
	if strings.HasPrefix(key, "-----BEGIN") {
		f, err := os.CreateTemp("", "id_*") // want `temp file f from os.CreateTemp is returned to the caller but not removed on the return that leaks it`
		if err != nil {
			return "", err
		}
		defer f.Close()
		if _, err := io.WriteString(f, key); err != nil {
			return "", err
		}
		path = f.Name()
	}
	return path, nil
}

// Use never removes the key file KeyPath made, when it made one: whether
// it makes one depends on the argument, but where it does the file stays.
func Use(key string) ([]string, error) {
	p, err := KeyPath(key) // want `temp file p from KeyPath is not removed on any path, so it stays on disk when KeyPath created it \(on another path KeyPath returns its caller's own value instead\): remove it where it leaks, but only when it is not the value of yours that KeyPath hands back \(compare it with that value first\)`
	if err != nil {
		return nil, err
	}
	return []string{"GIT_SSH_COMMAND=ssh -i " + p}, nil
}

// UseRemoving removes it when it is not the caller's own key file.
func UseRemoving(key string) error {
	p, err := KeyPath(key)
	if err != nil {
		return err
	}
	if p != key {
		defer os.Remove(p)
	}
	fmt.Println("ssh -i " + p)
	return nil
}

// The facts hold across packages: a leak on the failed write is reported,
// and a removal guarded by a comparison with the caller's key is none.
func WriteLib(s *lib.Streams, data []byte) error {
	f, err := s.TempFile("x") // want `temp file f from TempFile is not removed on every path, so it stays on disk when TempFile created it \(on another path TempFile returns its caller's own value instead\)`
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	fmt.Println(f.Name())
	return f.Close()
}

func KeyLib(key string) error {
	p, err := lib.KeyFile(key)
	if err != nil {
		return err
	}
	if key != p {
		defer os.Remove(p)
	}
	fmt.Println("ssh -i " + p)
	return nil
}

// A creator that makes a temp object on every path: a comparison with
// another value rules nothing out.
func Compared(prev *os.File) error {
	f, err := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is not removed on (every|any) path, so it stays on disk: defer`
	if err != nil {
		return err
	}
	defer f.Close()
	if f != prev {
		defer os.Remove(f.Name())
	}
	return nil
}

// Discarded: it stays on disk when TempFile made it.
func Discard(io *IOStreams) {
	io.TempFile("", "x") // want `temp file from TempFile is discarded and never removed, so it stays on disk when TempFile creates one \(on another path it returns its caller's own value\): keep it and remove it when done, unless it is that value`
}
