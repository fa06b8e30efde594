// Package wrapperlib has creator wrappers: functions that return a freshly
// created, randomly named file or directory, as os.CreateTemp does, made
// by a call to a creator or by their own O_CREATE|O_EXCL loop over random
// names. Their callers must clean up, as callers of os.CreateTemp must.
package wrapperlib

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	mrand "math/rand"
	"os"
	"path/filepath"
	"strconv"
)

// Scratch calls a creator.
func Scratch() (string, error) { // want Scratch:"returnsTemp\\(dir 0\\)"
	return os.MkdirTemp("", "scratch")
}

// TempFile is its own creator: an O_EXCL loop over random names.
func TempFile(dir, prefix string) (*os.File, error) { // want TempFile:"returnsTemp\\(file 0, in param 0\\)" TempFile:"borrows\\(0, 1\\)"
	for i := 0; i < 100; i++ {
		name := filepath.Join(dir, prefix+strconv.Itoa(mrand.Int()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if os.IsExist(err) {
			continue
		}
		return f, err
	}
	return nil, errors.New("no name")
}

func randomSuffix() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// TempDir makes a directory at a random name through a helper, retrying
// while the name exists.
func TempDir() (string, error) { // want TempDir:"returnsTemp\\(dir 0\\)"
	for {
		name := filepath.Join(os.TempDir(), "w-"+randomSuffix())
		err := os.Mkdir(name, 0o700)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
}

// Lock creates a lock file at a fixed name: not a temp object.
func Lock(path string) (*os.File, error) { // want Lock:"borrows\\(0\\)"
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
}

// Unique makes "name-1", "name-2", ... until one is free: a counter, not
// a random name, so it is a file the user keeps, not a temp object.
func Unique(base string) (*os.File, error) { // want Unique:"borrows\\(0\\)"
	for i := 1; ; i++ {
		f, err := os.OpenFile(base+"-"+strconv.Itoa(i), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if os.IsExist(err) {
			continue
		}
		return f, err
	}
}
