// Package starthelper: a helper that starts a command and closes the
// parent's copies of the files it hands to the child (as the shim's
// proc.Start does) releases them; one that only starts does not.
package starthelper

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"time"
)

// startClosing starts the command, then closes the files it was given.
func startClosing(cmd *exec.Cmd) error {
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return err
	}
	var files []*os.File
	files = append(files, cmd.ExtraFiles...)
	for _, v := range []any{cmd.Stdin, cmd.Stdout, cmd.Stderr} {
		if f, ok := v.(*os.File); ok {
			files = append(files, f)
		}
	}
	for _, f := range files {
		f.Close()
	}
	return nil
}

// startOnly starts the command.
func startOnly(cmd *exec.Cmd) error { return cmd.Start() }

func closedByHelper() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := startClosing(cmd); err != nil { // ok: the helper closes w
		return err
	}
	buf := make([]byte, 10)
	r.Read(buf)
	return cmd.Wait()
}

func keptByHelper() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := startOnly(cmd); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r`
		return err
	}
	buf := make([]byte, 10)
	r.Read(buf)
	return cmd.Wait()
}

// The helper sets WaitDelay: the shell rule is satisfied.
func shellWithHelper(ctx context.Context) (string, error) {
	var out strings.Builder
	cmd := exec.CommandContext(ctx, "sh", "-c", "sleep 10 & echo hi")
	cmd.Stdout = &out
	if err := startClosing(cmd); err != nil { // ok: startClosing sets WaitDelay
		return "", err
	}
	err := cmd.Wait()
	return out.String(), err
}

func shellWithoutHelper(ctx context.Context) (string, error) {
	var out strings.Builder
	cmd := exec.CommandContext(ctx, "sh", "-c", "sleep 10 & echo hi") // want `cmd runs a shell under a context with its output captured, and cmd.WaitDelay is not set`
	cmd.Stdout = &out
	if err := startOnly(cmd); err != nil {
		return "", err
	}
	err := cmd.Wait()
	return out.String(), err
}
