// Package regression_fixedbase holds fixed directories in the shared temp
// dir made with os.MkdirAll as a base kept across runs (lazygit's
// per-user base, pkg/app/entry_point.go:329): returned to the callers, or
// the parent of random entries. "Use os.MkdirTemp" for the base would
// leave a new random base at every run that nothing removes: the hint
// keeps the name. A fixed directory that is removed, or used for nothing
// else, gets the random-name remedy.
package regression_fixedbase

import (
	"os"
	"os/user"
	"path/filepath"
)

// Returned: the caller puts its per-run directory in it.
func tempDirBase() string {
	tempDir := os.TempDir()
	u, err := user.Current()
	if err != nil || u.Uid == "" {
		return tempDir
	}
	base := filepath.Join(tempDir, "app-"+u.Uid)
	if err := os.MkdirAll(base, 0o700); err != nil { // want `os.MkdirAll at a predictable name in shared temp dir: .*; the program finds this fixed directory again on its next run, which a random name would break: keep the name`
		return tempDir
	}
	return base
}

func start(run func(dir string)) error {
	tempDir, err := os.MkdirTemp(tempDirBase(), "app-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tempDir)
	run(tempDir)
	return nil
}

// The parent of a random entry, in the same function.
func scratchFile() (*os.File, error) {
	base := filepath.Join(os.TempDir(), "app-scratch")
	if err := os.MkdirAll(base, 0o700); err != nil { // want `os.MkdirAll at a predictable name in shared temp dir: .*; the program finds this fixed directory again on its next run`
		return nil, err
	}
	return os.CreateTemp(base, "entry-*")
}

// Returned, but removed by the program: not kept for the next run.
func removedBase() (string, func()) {
	base := filepath.Join(os.TempDir(), "app-removed")
	if err := os.MkdirAll(base, 0o700); err != nil { // want `os.MkdirAll at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.MkdirTemp$`
		return "", nil
	}
	return base, func() { os.RemoveAll(base) }
}

// Made and left: nothing finds it again.
func madeOnly() error {
	dir := filepath.Join(os.TempDir(), "app-once")
	return os.MkdirAll(dir, 0o700) // want `os.MkdirAll at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.MkdirTemp$`
}
