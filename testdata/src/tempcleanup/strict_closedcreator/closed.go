// Package strict_closedcreator pins a false strict finding found in
// git-lfs (lfs.GitFilter.copyToTemp): a creator that defers the Close of
// the file it returns hands its callers a closed file; asking them to
// close it again is wrong. A creator that returns the file open still
// leaves the closing to its callers.
package strict_closedcreator

import (
	"io"
	"os"
)

// copyToTemp copies r into a temp file and returns it, closed: the caller
// uses its name.
func copyToTemp(r io.Reader) (tmp *os.File, err error) {
	tmp, err = os.CreateTemp("", "copy")
	if err != nil {
		return nil, err
	}
	defer tmp.Close()
	_, err = io.Copy(tmp, r)
	return tmp, err
}

// openTemp returns the file open.
func openTemp() (*os.File, error) {
	f, err := os.CreateTemp("", "open")
	if err != nil {
		return nil, err
	}
	return f, nil
}

func clean(r io.Reader) (string, error) {
	tmp, err := copyToTemp(r)
	if err != nil {
		return "", err
	}
	return tmp.Name(), nil // the caller removes the name
}

func leavesOpen() (string, error) {
	f, err := openTemp() // want `temp file f from openTemp is not closed on every path`
	if err != nil {
		return "", err
	}
	return f.Name(), nil
}
