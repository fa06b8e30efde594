// Package regression_randomdir_strict: a home-made temp directory made in
// a directory the function was given and never removed is that
// directory's owner's business in the default profile (package
// regression_randomdir, Kept), and reported by -strict.
package regression_randomdir_strict

import (
	mrand "math/rand"
	"os"
	"path/filepath"
	"strconv"
)

func Kept(cacheDir string) error {
	dir := filepath.Join(cacheDir, strconv.Itoa(mrand.Int()))
	if err := os.MkdirAll(dir, 0o700); err != nil { // want `temp directory dir from os.MkdirAll is created in a directory this function does not own and is never removed`
		return err
	}
	return os.WriteFile(filepath.Join(dir, "x"), nil, 0o600)
}
