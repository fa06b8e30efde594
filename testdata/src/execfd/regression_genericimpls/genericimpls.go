// Package regression_genericimpls: a command passed to a method of an
// interface the package declares goes to the package's implementations,
// generic types among them, judged by their declarations. A generic type
// that implements the interface only for some type arguments (its method
// takes a value of its type parameter) is not one.
package regression_genericimpls

import (
	"errors"
	"os/exec"
)

type monitor interface {
	start(*exec.Cmd) error
	wait(*exec.Cmd) error
}

// execMonitor is generic, and every instance starts and waits.
type execMonitor[T any] struct{ tag T }

func (m *execMonitor[T]) start(c *exec.Cmd) error { return c.Start() }
func (m *execMonitor[T]) wait(c *exec.Cmd) error  { return c.Wait() }

var mon monitor = &execMonitor[int]{}

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

// A keeper hands on what it is given: another implementation of keeper.
type keeper interface {
	start(*exec.Cmd) error
}

type startKeeper[T any] struct{ tag T }

func (startKeeper[T]) start(c *exec.Cmd) error { return c.Start() }

// storeKeeper keeps the command: a call of keeper.start hands it on.
type storeKeeper[T any] struct{ kept []*exec.Cmd }

func (s *storeKeeper[T]) start(c *exec.Cmd) error {
	s.kept = append(s.kept, c)
	return c.Start()
}

var keep keeper = startKeeper[string]{}

func keptByOne() error {
	cmd := exec.Command("child")
	if err := keep.start(cmd); err != nil { // ok: one implementation keeps it
		return err
	}
	return check()
}

// A runner's generic implementation takes a value of its type parameter:
// anyRunner[*exec.Cmd] implements it, and what it does with the command
// is not judged (here it keeps it): the command is handed on.
type runner interface {
	run(*exec.Cmd) error
}

type anyRunner[T any] struct{ last T }

func (r *anyRunner[T]) run(c T) error {
	r.last = c
	return nil
}

type startRunner struct{}

func (startRunner) run(c *exec.Cmd) error { return c.Start() }

var run runner = startRunner{}

func runByBoth() error {
	cmd := exec.Command("child")
	if err := run.run(cmd); err != nil { // ok: anyRunner may keep it
		return err
	}
	return check()
}

// A launcher has no generic implementation that could take the command:
// intLauncher's launch has another signature whatever its type argument.
type launcher interface {
	launch(*exec.Cmd) error
}

type intLauncher[T any] struct{ last T }

func (l *intLauncher[T]) launch(c *exec.Cmd, n T) error { return nil }

func (startRunner) launch(c *exec.Cmd) error { return c.Start() }

var la launcher = startRunner{}

func launchedByOne() error {
	cmd := exec.Command("child")
	if err := la.launch(cmd); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return check()
}
