// Package regression_unwaitedreturns: a child left unwaited at several
// returns is reported with each of them listed where one hint fits them
// all (issue 25, recall audit32: lima's limactl shell names only the
// first return, where less has already exited, not the one that leaves
// less running on the terminal).
package regression_unwaitedreturns

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// view: both error returns leave less unwaited (the second with less
// still running on the terminal): both are listed, and the hint speaks of
// them both.
func view(ctx context.Context, a, b, stats string) error {
	diffCmd := exec.CommandContext(ctx, "diff", "-ruN", a, b)
	lessCmd := exec.CommandContext(ctx, "less", "-R")
	pipeIn, err := lessCmd.StdinPipe()
	if err != nil {
		return err
	}
	diffCmd.Stdout = pipeIn
	lessCmd.Stdout = os.Stdout
	if err := lessCmd.Start(); err != nil { // want `lessCmd.Start succeeds but the child is not waited on some path: .*; at these error returns, call lessCmd.Process.Kill then lessCmd.Wait to stop it`
		return err
	}
	if _, err := fmt.Fprint(pipeIn, stats); err != nil {
		_ = pipeIn.Close()
		return err // first
	}
	if err := diffCmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) && exitErr.ExitCode() >= 2 {
			_ = pipeIn.Close()
			return err // second
		}
	}
	_ = pipeIn.Close()
	return lessCmd.Wait()
}

// viewOnce: only one return leaves less unwaited: it alone is listed, and
// the hint speaks of it.
func viewOnce(ctx context.Context, a, b string) error {
	diffCmd := exec.CommandContext(ctx, "diff", "-ruN", a, b)
	lessCmd := exec.CommandContext(ctx, "less", "-R")
	pipeIn, err := lessCmd.StdinPipe()
	if err != nil {
		return err
	}
	diffCmd.Stdout = pipeIn
	lessCmd.Stdout = os.Stdout
	if err := lessCmd.Start(); err != nil { // want `lessCmd.Start succeeds but the child is not waited on some path: .*; at this error return, call lessCmd.Process.Kill then lessCmd.Wait to stop it`
		return err
	}
	if err := diffCmd.Run(); err != nil {
		_ = pipeIn.Close()
		return err // only
	}
	_ = pipeIn.Close()
	return lessCmd.Wait()
}

// mixed: an error return and a success return leave the child unwaited;
// their hints differ (stop it, or let it run and reap it in a goroutine),
// so only the first is listed, with its own hint.
func mixed(name string, quick bool) error {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path: .*; at this error return, call cmd.Process.Kill then cmd.Wait to stop it`
		return err
	}
	if err := check(); err != nil {
		return err // first
	}
	if quick {
		return nil // success: a different hint
	}
	return cmd.Wait()
}

// waited: every return waits: nothing to report.
func waited(name string) error {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil {
		return err
	}
	if err := check(); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return err
	}
	return cmd.Wait()
}

func check() error { return nil }

// paramTwice: a command given to the function is started, and two later
// error returns leave it unwaited: both are listed; the return that
// waits first is not.
func paramTwice(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but a later error is returned without waiting for the child: .*; call cmd.Process.Kill then cmd.Wait before returning the error`
		return err
	}
	if err := check(); err != nil {
		return err // first
	}
	if err := check(); err != nil {
		_ = cmd.Wait()
		return err // waits
	}
	if err := check(); err != nil {
		return fmt.Errorf("setup: %w", err) // second
	}
	return cmd.Wait()
}

// paramOnce: one error return leaves the given command unwaited: it alone
// is listed.
func paramOnce(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but a later error is returned without waiting for the child`
		return err
	}
	if err := check(); err != nil {
		return err // only
	}
	return cmd.Wait()
}

// collectedTwice: the commands kept in a slice are left unwaited by a
// failed start in the loop and by an error return after it: both are
// listed.
func collectedTwice(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			return err // first
		}
		cmds = append(cmds, cmd)
	}
	if err := check(); err != nil {
		return err // second
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// collectedWaited: every return after the loop waits for the slice's
// commands first: only the failed start in the loop is listed.
func collectedWaited(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in cmds`
			return err // start
		}
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return check()
}

// rangeTwice: commands made first and started by a range loop over the
// slice: both the failed start in the loop and the later error return
// leave the started ones unwaited.
func rangeTwice(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them: when a later start fails`
			return err // first
		}
	}
	if err := check(); err != nil {
		return err // second
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}
