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
