// Package regression_outparam_strict: an object stored into the caller's
// variable through a pointer, made in a directory the caller was given, is
// judged as one made there by a creation: reported only with -strict.
package regression_outparam_strict

import (
	"errors"
	"io"
	"os"

	lib "tempcleanup/regression_outparamlib"
)

// ReadInto leaves the binary in dir when the signature is missing.
func ReadInto(dir string, r io.Reader, sigOK bool) (string, error) {
	var name string
	var sig []byte
	if err := lib.Visit(dir, &name, &sig, "binary", r); err != nil { // want `temp file name from regression_outparamlib.Visit is created in a directory this function does not own`
		return "", err
	}
	if !sigOK {
		return "", errors.New("no signature")
	}
	return name, nil
}

// ReadIntoClean removes it there.
func ReadIntoClean(dir string, r io.Reader, sigOK bool) (string, error) {
	var name string
	var sig []byte
	if err := lib.Visit(dir, &name, &sig, "binary", r); err != nil {
		return "", err
	}
	if !sigOK {
		os.Remove(name)
		return "", errors.New("no signature")
	}
	return name, nil
}
