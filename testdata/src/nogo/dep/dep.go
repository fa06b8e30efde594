// Package dep is imported by c in the nogo compatibility test, so that
// analyzers with facts export them here and import them in c: the facts
// travel through encoding/gob as they do under nogo and go vet.
package dep

import (
	"os"
	"os/exec"
)

// Remove removes its argument.
func Remove(name string) { os.Remove(name) }

// RemoveAll removes its argument.
func RemoveAll(dir string) error { return os.RemoveAll(dir) }

// Scratch returns a temp file that the caller must remove.
func Scratch() (*os.File, error) { return os.CreateTemp("", "dep-*") }

// ScratchDir returns a temp dir that the caller must remove.
func ScratchDir() (string, error) { return os.MkdirTemp("", "dep-*") }

// Start starts a command that the caller must wait for.
func Start(name string) (*exec.Cmd, error) {
	cmd := exec.Command(name)
	return cmd, cmd.Start()
}

// Fatal does not return.
func Fatal(msg string) {
	println(msg)
	os.Exit(1)
}
