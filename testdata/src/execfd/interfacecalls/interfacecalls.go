// Package interfacecalls: a command passed to a method of an interface the
// package declares goes to the package's implementations of it; with none,
// it is handed to unknown code. A wait deferred before the start covers
// the returns after it.
package interfacecalls

import (
	"errors"
	"os/exec"
)

type monitor interface {
	start(*exec.Cmd) error
	wait(*exec.Cmd) error
}

type execMonitor struct{}

func (execMonitor) start(c *exec.Cmd) error { return c.Start() }
func (execMonitor) wait(c *exec.Cmd) error  { return c.Wait() }

var mon monitor = execMonitor{}

func check() error { return errors.New("no") }

func startedNotWaited() error {
	cmd := exec.Command("child")
	if err := mon.start(cmd); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return mon.wait(cmd)
}

func startedWaited() error {
	cmd := exec.Command("child")
	if err := mon.start(cmd); err != nil {
		return err
	}
	return mon.wait(cmd)
}

// A wait deferred before the start runs at every return after it.
func deferredWaitBefore() error {
	cmd := exec.Command("child")
	defer func() {
		mon.wait(cmd)
	}()
	if err := mon.start(cmd); err != nil {
		return err
	}
	return check()
}

func deferredCmdWaitBefore() error {
	cmd := exec.Command("child")
	defer cmd.Wait()
	if err := cmd.Start(); err != nil {
		return err
	}
	return check()
}

// runner has no implementation in the package: the command is handed to
// whatever the caller installs.
type runner interface {
	run(*exec.Cmd) error
}

func handedToUnknown(r runner) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil {
		return err
	}
	return r.run(cmd)
}
