// Package methodvalue starts and waits for commands through method values,
// "start := cmd.Start" then "start()": a method value that is only called
// is the method.
package methodvalue

import (
	"errors"
	"os/exec"
)

// startValue starts through a method value and returns unwaited on one
// path.
func startValue(name string, bad bool) error {
	cmd := exec.Command(name)
	start := cmd.Start
	if err := start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: .*at this error return, call cmd\.Process\.Kill then cmd\.Wait to stop it`
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return cmd.Wait()
}

// bothValues starts and waits through method values on every path.
func bothValues(name string) error {
	cmd := exec.Command(name)
	start, wait := cmd.Start, cmd.Wait
	if err := start(); err != nil {
		return err
	}
	return wait()
}

// waitValueSkipped waits through a method value only on the success path.
func waitValueSkipped(name string, bad bool) error {
	cmd := exec.Command(name)
	wait := cmd.Wait
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path`
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return wait()
}

// deferredValue defers the wait through a method value.
func deferredValue(name string) error {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil {
		return err
	}
	wait := cmd.Wait
	defer wait()
	return nil
}

// capturedValue waits through a method value a deferred closure captures.
func capturedValue(name string, bad bool) error {
	cmd := exec.Command(name)
	wait := cmd.Wait
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = wait() }()
	if bad {
		return errors.New("bad")
	}
	return nil
}

// goValue waits in a goroutine through a method value.
func goValue(name string) error {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil {
		return err
	}
	wait := cmd.Wait
	go wait()
	return nil
}

// handedValue gives the method value to a function that runs it, as
// errgroup's Go does: nothing is known of when.
func handedValue(spawn func(func() error), name string) error {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil {
		return err
	}
	spawn(cmd.Wait)
	return nil
}
