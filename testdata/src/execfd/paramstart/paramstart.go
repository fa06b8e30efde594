// Package paramstart holds functions that start a command their caller
// made: an error returned after a successful Start tells the caller the
// child never ran, so nobody waits for it.
package paramstart

import (
	"errors"
	"os/exec"
)

func setup(pid int) error { return nil }

func run(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but a later error is returned without waiting for the child`
		return err
	}
	if err := setup(cmd.Process.Pid); err != nil {
		return err
	}
	return cmd.Wait()
}

func runNamed(cmd *exec.Cmd, ok bool) (err error) {
	if err = cmd.Start(); err != nil { // want `cmd.Start succeeds but a later error is returned`
		return err
	}
	if !ok {
		return errors.New("not ok")
	}
	return cmd.Wait()
}

// A starter: nil means the child runs, and the caller waits.
func start(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil { // ok: only the failed Start returns an error
		return err
	}
	return nil
}

// The error path stops and reaps the child first.
func runReaped(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	if err := setup(cmd.Process.Pid); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return err
	}
	return cmd.Wait()
}

// A goroutine waits.
func runAsync(cmd *exec.Cmd, done chan error) error {
	if err := cmd.Start(); err != nil { // ok: the goroutine waits
		return err
	}
	go func() { done <- cmd.Wait() }()
	if err := setup(cmd.Process.Pid); err != nil {
		return err
	}
	return nil
}

// The command is handed on with the error: the caller gets it back.
func runHanded(cmd *exec.Cmd) (*exec.Cmd, error) {
	if err := cmd.Start(); err != nil { // ok: returned
		return nil, err
	}
	if err := setup(cmd.Process.Pid); err != nil {
		return cmd, err
	}
	return cmd, nil
}
