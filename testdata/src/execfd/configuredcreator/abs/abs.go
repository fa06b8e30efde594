// Package abs makes commands as x/sys/execabs does: exec.Command, then a
// helper that only configures the command (sets Path and Err).
package abs

import (
	"errors"
	"os/exec"
	"path/filepath"
)

// Command returns a fresh command: its caller owns it.
func Command(name string, arg ...string) *exec.Cmd {
	cmd := exec.Command(name, arg...)
	fixCmd(name, cmd)
	return cmd
}

func fixCmd(name string, cmd *exec.Cmd) {
	if filepath.Base(name) == name && !filepath.IsAbs(cmd.Path) {
		cmd.Err = errors.New("relative path")
	}
}

// Started returns a command that a helper has already started: not a
// fresh one, so its caller is not told to wait for it.
func Started(name string) *exec.Cmd {
	cmd := exec.Command(name)
	start(cmd)
	return cmd
}

func start(cmd *exec.Cmd) { _ = cmd.Start() }
