// Package chmodprivate pins a false positive found in os/removeall_test.go
// and os/os_test.go: chmod 0777 of a directory inside a private temp dir
// (to let RemoveAll clean up) exposes nothing, as no other user can reach
// it.
package chmodprivate

import (
	"os"
	"path/filepath"
)

func mkdirTemp() error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	os.Chmod(filepath.Join(dir, "f"), 0o666) // ok: inside a private dir
	// The private dir itself sits in /tmp.
	return os.Chmod(dir, 0o777) // want `os.Chmod to world-writable mode 0o777`
}
