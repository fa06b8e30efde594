// Package regression_callersvaluelib: creators that return their caller's
// own value on another path carry a returnsTemp fact that says so, for
// their callers in other packages.
package regression_callersvaluelib

import (
	"os"
	"strings"
)

type Streams struct{ Override *os.File }

// TempFile returns the test's override, set in a field, when there is one.
func (s *Streams) TempFile(pattern string) (*os.File, error) { // want TempFile:"returnsTemp\\(file 0, or caller's value\\)" TempFile:"borrows\\(0\\)"
	if s.Override != nil {
		return s.Override, nil
	}
	return os.CreateTemp("", pattern)
}

// KeyFile returns key itself when it names a key file.
func KeyFile(key string) (string, error) { // want KeyFile:"returnsTemp\\(path 0, or caller's argument\\)" KeyFile:"takes\\(0\\)"
	if !strings.HasPrefix(key, "-----BEGIN") {
		return key, nil
	}
	f, err := os.CreateTemp("", "id_*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	if _, err := f.WriteString(key); err != nil {
		f.Close()
		os.Remove(name)
		return "", err
	}
	if err := f.Close(); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// NewFile makes a temp file on every path: no caller's value.
func NewFile() (*os.File, error) { // want NewFile:"returnsTemp\\(file 0\\)"
	return os.CreateTemp("", "x")
}
