// Package scratch hands out scratch directories; its callers own them.
package scratch

import "os"

// Workdir creates a scratch directory the caller must remove.
func Workdir() (string, error) {
	return os.MkdirTemp("", "scratch-") // finding(strict): filemode
}

// Discard removes a scratch directory.
func Discard(dir string) error {
	return os.RemoveAll(dir)
}
