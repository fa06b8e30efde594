// Package regression_outparamlib: functions that store a temp object
// through a pointer parameter carry a storesTemp fact, for their callers
// in other packages; those that remove it, or store something else, do
// not.
package regression_outparamlib

import (
	"errors"
	"io"
	"os"
)

// WriteBinary is a creator wrapper: it returns the name of a closed temp
// file in dir.
func WriteBinary(dir string, in io.Reader) (string, error) { // want WriteBinary:"returnsTemp\\(path 0, in param 0\\)" WriteBinary:"borrows\\(0, 1\\)"
	out, err := os.CreateTemp(dir, "bin")
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(out.Name())
		return "", err
	}
	if err := out.Close(); err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
}

// Visit stores the binary's name through tempFile, and returns the
// creation's error when it fails (syncthing's archiveFileVisitor).
func Visit(dir string, tempFile *string, sig *[]byte, name string, r io.Reader) error { // want Visit:"storesTemp\\(path into 1, in param 0, on success\\)" Visit:"borrows\\(0, 3, 4\\)"
	var err error
	switch name {
	case "binary":
		*tempFile, err = WriteBinary(dir, r)
		if err != nil {
			return err
		}
	case "sig":
		*sig, err = io.ReadAll(r)
		if err != nil {
			return err
		}
	}
	return nil
}

// OpenTemp stores the file itself, made in the default temp dir.
func OpenTemp(f **os.File) error { // want OpenTemp:"storesTemp\\(file into 0, on success\\)"
	tmp, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	*f = tmp
	return nil
}

// NameOnly stores the name of the file it creates, and swallows the
// creation's error: its error result says nothing of the store.
func NameOnly(name *string) error { // want NameOnly:"storesTemp\\(path into 0\\)"
	tmp, err := os.CreateTemp("", "x")
	*name = tmp.Name()
	if err != nil {
		return nil
	}
	return tmp.Close()
}

// NoError has no error result: its caller is not told.
func NoError(name *string) { // want NoError:"storesTemp\\(path into 0\\)"
	f, _ := os.CreateTemp("", "x")
	*name = f.Name()
	f.Close()
}

// RemovedOnFailure stores the name and removes it on every path that
// returns: the caller is left nothing.
func RemovedOnFailure(name *string) error {
	tmp, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	*name = tmp.Name()
	tmp.Close()
	return os.Remove(*name)
}

// DeferredRemoval defers the removal of what it stores.
func DeferredRemoval(name *string) error {
	tmp, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	*name = tmp.Name()
	defer os.Remove(tmp.Name())
	return tmp.Close()
}

// Plain stores a path it does not create.
func Plain(name *string) error {
	*name = "/etc/passwd"
	if *name == "" {
		return errors.New("empty")
	}
	return nil
}

// Cached stores a path it did not make on another path: the caller cannot
// tell a temp object from its cache, and is told nothing.
func Cached(name *string, cache string) error { // want Cached:"takes\\(1\\)"
	if cache != "" {
		*name = cache
		return nil
	}
	tmp, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	*name = tmp.Name()
	return tmp.Close()
}

// Extract returns what Visit stored: a creator for its own callers
// (syncthing's readTarGz, returning the binary to upgradeToURL).
func Extract(dir string, r io.Reader) (string, error) { // want Extract:"returnsTemp\\(path 0, in param 0\\)" Extract:"borrows\\(0, 1\\)"
	var name string
	var sig []byte
	if err := Visit(dir, &name, &sig, "binary", r); err != nil {
		return "", err
	}
	return name, nil
}
