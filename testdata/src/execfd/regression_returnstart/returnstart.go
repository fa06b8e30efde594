// Package regression_returnstart holds returns whose error is Start's own
// (restic internal/backend/util/foreground_unix.go:31): `return bg,
// cmd.Start()` returns nil when the child runs and Start's error when none
// was started, so no later error is returned over a running child, and a
// hint to kill it would kill it on the success path.
package regression_returnstart

import (
	"errors"
	"os"
	"os/exec"
)

// Start's own error is returned: nothing to report.
func startForeground(cmd *exec.Cmd) (bg func() error, err error) {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		bg = func() error { return nil }
		return bg, cmd.Start()
	}
	if err := cmd.Start(); err != nil {
		_ = tty.Close()
		return nil, err
	}
	return func() error { return tty.Close() }, nil
}

// Start's error alone, in parentheses.
func startOnly(cmd *exec.Cmd) error {
	return (cmd.Start())
}

// The same shape, but a later return gives another error over the
// running child: reported there.
func startThenCheck(cmd *exec.Cmd, fast bool, check func() error) (func() error, error) {
	if fast {
		return nil, cmd.Start()
	}
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but a later error is returned without waiting for the child`
		return nil, err
	}
	if err := check(); err != nil {
		return nil, errors.Join(errors.New("check"), err)
	}
	return cmd.Wait, nil
}
