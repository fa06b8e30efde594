// Package regression_collectedinit keeps started commands and files handed
// to children in slices inside function literals at package level (a
// variable's initializer, or a literal nested in one) and inside generic
// functions and methods of generic types: the slices are followed there as
// in any function (issue 25, shape 3).
package regression_collectedinit

import (
	"os"
	"os/exec"
)

// run returns when a later start fails.
var run = func(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil { // want `^c\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			return err
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// runStops kills and waits for the kept ones before the failure return.
var runStops = func(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil { // ok: the ones kept so far are stopped and reaped
			for _, k := range cmds {
				_ = k.Process.Kill()
				_ = k.Wait()
			}
			return err
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// steps holds literals nested in a composite initializer.
var steps = map[string]func([]string) error{
	"leaks": func(names []string) error {
		var cmds []*exec.Cmd
		for _, n := range names {
			c := exec.Command(n)
			if err := c.Start(); err != nil { // want `^c\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
				return err
			}
			cmds = append(cmds, c)
		}
		for _, c := range cmds {
			_ = c.Wait()
		}
		return nil
	},
	"waits": func(names []string) error {
		var cmds []*exec.Cmd
		defer func() {
			for _, c := range cmds {
				_ = c.Wait()
			}
		}()
		for _, n := range names {
			c := exec.Command(n)
			if err := c.Start(); err != nil { // ok: the deferred loop waits for every one
				return err
			}
			cmds = append(cmds, c)
		}
		return nil
	},
}

// handFiles opens files in a loop and hands them to the child without
// closing its copies.
var handFiles = func(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	if err := cmd.Start(); err != nil { // want `the files in files are handed to the child but the parent does not close them after Start on some path`
		return err
	}
	return cmd.Wait()
}

// handFilesClosed closes them after the start.
var handFilesClosed = func(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	err := cmd.Start()
	for _, f := range files {
		f.Close()
	}
	if err != nil { // ok: closed after the start, whatever its result
		return err
	}
	return cmd.Wait()
}

// startAll returns when a later start fails, whatever T is.
func startAll[T any](names []string, tag T) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil { // want `^c\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			return err
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// startAllStops stops the kept ones first.
func startAllStops[T any](names []string, tag T) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil { // ok: the ones kept so far are stopped and reaped
			for _, k := range cmds {
				_ = k.Process.Kill()
				_ = k.Wait()
			}
			return err
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

type pool[T any] struct{ tags []T }

// start returns when a later start fails.
func (p *pool[T]) start(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil { // want `^c\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			return err
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// startWaited waits for every one, in a deferred loop.
func (p *pool[T]) startWaited(names []string) error {
	var cmds []*exec.Cmd
	defer func() {
		for _, c := range cmds {
			_ = c.Wait()
		}
	}()
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil { // ok: the deferred loop waits for every one
			return err
		}
		cmds = append(cmds, c)
	}
	return nil
}

var _ = []any{run, runStops, steps, handFiles, handFilesClosed, startAll[int], startAllStops[string]}
