// Package regression_startmayfail holds returns that serve both a failed
// and a successful Start (terraform-exec's tfexec/cmd_linux.go:51): with a
// context already done, Start returns its error without starting, and
// cmd.Process is nil. The hint to kill and wait must be guarded there; where
// Start's error was tested first, it need not be.
package regression_startmayfail

import (
	"context"
	"errors"
	"os/exec"
)

type cmdErr struct{ err, ctxErr error }

func (e cmdErr) Error() string { return "cmd" }

// One return for "Start failed" and "Start succeeded, then ctx was
// cancelled": the guard names Start's error.
func runCtx(ctx context.Context, cmd *exec.Cmd) error {
	err := cmd.Start() // want `cmd.Start succeeds but a later error is returned without waiting for the child: .*; where Start succeeded \(if err == nil\), call cmd.Process.Kill then cmd.Wait before returning the error$`
	if ctx.Err() != nil {
		return cmdErr{err: err, ctxErr: ctx.Err()}
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// Start's error is assigned again before the return: only cmd.Process
// still tells whether there is a child.
func runReassigned(ctx context.Context, cmd *exec.Cmd, check func() error) error {
	err := cmd.Start() // want `; where Start succeeded \(if cmd.Process != nil\), call cmd.Process.Kill`
	err = errors.Join(err, check())
	if ctx.Err() != nil {
		return err
	}
	if cmd.Process == nil {
		return errors.New("not started")
	}
	return cmd.Wait()
}

// Start's error tested before the leaking return: no guard.
func runChecked(ctx context.Context, cmd *exec.Cmd) error {
	err := cmd.Start() // want `; call cmd.Process.Kill then cmd.Wait before returning the error$`
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return cmdErr{ctxErr: ctx.Err()}
	}
	return cmd.Wait()
}

// Tested in a condition that also ends the failure path: the later return
// has a child.
func runCheckedOr(ctx context.Context, cmd *exec.Cmd, quit bool) error {
	if err := cmd.Start(); err != nil || quit { // want `; call cmd.Process.Kill then cmd.Wait before returning the error$`
		return errors.New("quit")
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return cmd.Wait()
}

// The same shape for a command the function made: the unwaited-child
// hint's "Kill then Wait" is guarded too. The return gives Start's own
// error, nil where the child exists: a success return for the child,
// whose hint offers go cmd.Wait() beside the guarded Kill then Wait.
func ownCtx(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, "sleep", "1")
	err := cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path: .*on every path, call go cmd.Wait\(\) if it must keep running .*to stop it \(kill only where Start succeeded: if err == nil\)$`
	if ctx.Err() != nil {
		return err
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// Start's error tested first: no guard.
func ownChecked(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, "sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path: .*to stop it \(a plain Wait there`
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return cmd.Wait()
}
