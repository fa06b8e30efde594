// Package strict_owncannotfail is the strict side of
// regression_owncannotfail: under -strict, the error branch of a Chmod,
// Seek or crypto/rand.Read is a path like any other.
package strict_owncannotfail

import (
	"crypto/rand"
	"io"
	"os"
)

func chmodDir() (string, error) {
	td, err := os.MkdirTemp("", "new-") // want `not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	if err := os.Chmod(td, 0o755); err != nil {
		return "", err
	}
	return td, nil
}

func seekFile() (*os.File, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on the return that leaks it` `not closed on every path`
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return f, nil
}

func randomName() (string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return dir, nil
}
