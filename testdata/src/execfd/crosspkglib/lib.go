// Package crosspkglib holds helpers whose treatment of a command or a file
// is known to their callers in other packages by execfd's facts.
package crosspkglib

import (
	"io"
	"os"
	"os/exec"
	"syscall"
)

// Configure only sets fields: it borrows the command.
func Configure(cmd *exec.Cmd, dir string) {
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
}

// ReadAll only reads from the file: it borrows it.
func ReadAll(r *os.File) ([]byte, error) {
	return io.ReadAll(r)
}

// WaitQuietly waits for the command: a call counts as a Wait.
func WaitQuietly(cmd *exec.Cmd) {
	_ = cmd.Wait()
}

// CloseLater keeps the file: the caller's duty ends.
func CloseLater(f *os.File) {
	pending = append(pending, f)
}

var pending []*os.File

// Git returns a fresh, configured command: a creator.
func Git(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	return cmd
}

// Started returns a command it started: not a creator of a fresh one.
func Started(name string) (*exec.Cmd, error) {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return cmd, nil
}

// Trace starts the command and reaps it with wait4 on its pid, as a
// tracer does: a call counts as a Start and a Wait.
func Trace(c *exec.Cmd) error {
	if err := c.Start(); err != nil {
		return err
	}
	_, err := wait4(c.Process.Pid)
	return err
}

func wait4(pid int) (syscall.WaitStatus, error) {
	var ws syscall.WaitStatus
	_, err := syscall.Wait4(pid, &ws, 0, nil)
	return ws, err
}
