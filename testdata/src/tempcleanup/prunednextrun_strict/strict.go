// Package prunednextrun_strict: -strict reports a temp object kept at
// return even when the next run prunes it.
package prunednextrun_strict

import (
	"os"
	"path/filepath"
)

func update() error {
	old, _ := filepath.Glob(filepath.Join(os.TempDir(), "app-update*"))
	for _, o := range old {
		os.RemoveAll(o)
	}
	dir, err := os.MkdirTemp("", "app-update") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	return install(dir)
}

func install(string) error { return nil }
