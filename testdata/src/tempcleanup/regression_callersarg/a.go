// Package regression_callersarg: creators that hand back, on another path,
// their caller's argument (goreleaser's keyPath) or a file reached from it
// (u-root's CopyToFileIfNotRegular returns the file behind a lazy reader).
// Where such a creator made a temp object, a production caller that never
// removes it leaks it: reported by default. A caller cannot recognize a
// file reached from its argument by comparing with the argument, so that
// hint asks the creator to say whether it made a copy. A test's calls pass
// fixtures that may take the branch that creates nothing (a_test.go):
// strict-only (regression_callersvalue_strict).
package regression_callersarg

import (
	"io"
	"os"
	"strings"
)

func keyPath(key string) (string, error) {
	if !strings.HasPrefix(key, "-----BEGIN") {
		return key, nil
	}
	f, err := os.CreateTemp("", "id_*")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.WriteString(key); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// UseKey never removes the key file keyPath made.
func UseKey(key string) ([]string, error) {
	p, err := keyPath(key) // want `temp file p from keyPath is not removed on any path, so it stays on disk when keyPath created it \(on another path keyPath returns its caller's own value instead\): remove it where it leaks, but only when it is not the value of yours that keyPath hands back \(compare it with that value first\)`
	if err != nil {
		return nil, err
	}
	return []string{"GIT_SSH_COMMAND=ssh -i " + p}, nil
}

// UseKeyRemoving removes it when it is not its own.
func UseKeyRemoving(key string) error {
	p, err := keyPath(key)
	if err != nil {
		return err
	}
	if p != key {
		defer os.Remove(p)
	}
	println(p)
	return nil
}

// Lazy opens its backing file on first use.
type Lazy struct{ f *os.File }

func (l *Lazy) ReadAt(p []byte, off int64) (int, error) { return l.f.ReadAt(p, off) }

// File is the backing file.
func (l *Lazy) File() *os.File { return l.f }

func copyIfNotRegular(r io.ReaderAt) (*os.File, error) {
	if lor, ok := r.(*Lazy); ok {
		return lor.File(), nil
	}
	f, err := os.CreateTemp("", "kernel")
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(f, io.NewSectionReader(r, 0, 1<<30)); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// Load never removes the copy; comparing k with r would not recognize the
// lazy reader's own file.
func Load(r io.ReaderAt) error {
	k, err := copyIfNotRegular(r) // want `temp file k from copyIfNotRegular is not removed on any path, so it stays on disk when copyIfNotRegular created it \(on another path copyIfNotRegular returns its caller's own value instead\): have copyIfNotRegular tell its callers whether it made a copy, and remove it where it leaks only then: copyIfNotRegular may also hand back a file reached from your argument, which comparing with the argument does not recognize`
	if err != nil {
		return err
	}
	defer k.Close()
	_, err = k.Stat()
	return err
}
