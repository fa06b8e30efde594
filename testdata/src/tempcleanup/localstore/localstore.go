// Package localstore: a temp object stored into a field of a local value
// that never leaves the function (a command run to completion, a config
// struct only read in place) is still the function's to remove; a value
// that leaves (a command started and left running, a struct returned or
// given to the package's code) takes the object with it. Positive and
// negative cases side by side.
package localstore

import (
	"log"
	"os"
	"os/exec"
	"syscall"
)

func chrootRun(debug func(string, ...any)) error {
	dir, err := os.MkdirTemp("", "root") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	cmd := exec.Command("/bin/sh")
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: dir}
	debug("cmd %v", cmd)
	log.Printf("running %s", cmd.String())
	return cmd.Run()
}

// config is a value of another package's kind: a plain struct with no
// methods, so that only the value's uses decide.
type config = struct {
	root string
	name string
}

func readInPlace() error {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	var c config
	c.root = dir
	if c.name == "" {
		c.name = "x"
	}
	_, err = os.Stat(c.root)
	return err
}

// The child runs on in the directory after the function returns: the
// command is dropped with it, and the hint waits for the child first.
func chrootStart() error {
	dir, err := os.MkdirTemp("", "root")
	if err != nil {
		return err
	}
	cmd := exec.Command("/bin/sh")
	cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: dir}
	return cmd.Start() // want `held by cmd.SysProcAttr, which this return drops without removing it, so it stays on disk: remove it once the child has exited: after cmd.Wait returns`
}

// Negative: the value is returned, and the object with it.
func returned() (*config, error) {
	dir, err := os.MkdirTemp("", "x") // ok: returned in c
	if err != nil {
		return nil, err
	}
	c := &config{}
	c.root = dir
	return c, nil
}

// Negative: the package's own code gets the value, and keeps it.
func handedToPackage() error {
	dir, err := os.MkdirTemp("", "x") // ok: register keeps c
	if err != nil {
		return err
	}
	var c config
	c.root = dir
	register(&c)
	return nil
}

var registered []*config

func register(c *config) { registered = append(registered, c) }
