// Package strict_unwrittenclose is the strict side of
// regression_unwrittenclose: under -strict, the error branch of Close on an
// unwritten temp file is a path like any other.
package strict_unwrittenclose

import "os"

func uniqueName() (string, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on (every path|the returns? that leaks?)`
	if err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}
