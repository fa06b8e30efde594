//go:build linux

// Package pdeathsig: a child started with SysProcAttr.Pdeathsig dies with
// its parent, so it cannot hold the parent's output after the parent exits;
// it must still be waited for.
package pdeathsig

import (
	"os"
	"os/exec"
	"syscall"
)

func diesWithParent() error {
	cmd := exec.Command("helper")
	cmd.Stdout = os.Stdout
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	return cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\)`
}

func diesWithParentField() error {
	cmd := exec.Command("helper")
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGTERM
	if err := cmd.Start(); err != nil { // ok: dies with the parent, and is waited
		return err
	}
	go cmd.Wait()
	return nil
}

func diesWithParentReleased() error {
	attr := &syscall.SysProcAttr{Setpgid: true}
	attr.Pdeathsig = syscall.SIGKILL
	cmd := exec.Command("helper")
	cmd.Stdout = os.Stdout
	cmd.SysProcAttr = attr
	if err := cmd.Start(); err != nil { // ok: released, and it cannot outlive the parent
		return err
	}
	return cmd.Process.Release()
}

func outlivesParent() error {
	cmd := exec.Command("helper")
	cmd.Stdout = os.Stdout
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil { // want `the child started by cmd.Start is released with Process.Release but its cmd.Stdout is the parent's os.Stdout`
		return err
	}
	return cmd.Process.Release()
}
