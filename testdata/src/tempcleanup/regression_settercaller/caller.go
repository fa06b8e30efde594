// Package regression_settercaller stores temp directories into the
// owners of package setterlib through its setters, known by their facts.
package regression_settercaller

import (
	"errors"
	"os"

	"tempcleanup/regression_setterlib"
)

func check() error { return errors.New("check") }

func open() (*setterlib.Workspace, error) {
	d, err := os.MkdirTemp("", "ws")
	if err != nil {
		return nil, err
	}
	w := &setterlib.Workspace{}
	w.SetDir(d)
	if err := check(); err != nil {
		return nil, err // want `temp directory d from os.MkdirTemp is held by w.dir, which this return drops without removing it, so it stays on disk: call w.Close\(\) before returning`
	}
	return w, nil
}

func openCloses() (*setterlib.Workspace, error) {
	d, err := os.MkdirTemp("", "ws")
	if err != nil {
		return nil, err
	}
	w := &setterlib.Workspace{}
	w.SetDir(d)
	if err := check(); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

func run() error {
	d, err := os.MkdirTemp("", "ws")
	if err != nil {
		return err
	}
	w := &setterlib.Workspace{}
	w.SetDir(d)
	if err := check(); err != nil {
		return err // want `temp directory d from os.MkdirTemp is held by w.dir, which this return drops without removing it, so it stays on disk: call w.Close\(\) before returning`
	}
	return w.Close()
}

func runDefers() error {
	d, err := os.MkdirTemp("", "ws")
	if err != nil {
		return err
	}
	w := &setterlib.Workspace{}
	w.SetDir(d)
	defer w.Close()
	return check()
}

func config() (*setterlib.Config, error) {
	d, err := os.MkdirTemp("", "cfg")
	if err != nil {
		return nil, err
	}
	var c setterlib.Config
	setterlib.Fill(&c, d)
	if err := check(); err != nil {
		return nil, err // want `temp directory d from os.MkdirTemp is held by c.dir, which this return drops without removing it, so it stays on disk: call c.Close\(\) before returning`
	}
	return &c, nil
}

func configCloses() (*setterlib.Config, error) {
	d, err := os.MkdirTemp("", "cfg")
	if err != nil {
		return nil, err
	}
	c := &setterlib.Config{}
	setterlib.Fill(c, d)
	if err := check(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// The logger's setter only logs: the directory leaks here.
func logged() (*setterlib.Logger, error) {
	d, err := os.MkdirTemp("", "ws") // want `temp directory d from os.MkdirTemp is not removed on any path, so it stays on disk: defer os.RemoveAll\(d\) right after the error check`
	if err != nil {
		return nil, err
	}
	l := &setterlib.Logger{}
	l.SetDir(d)
	return l, nil
}

// Use stores through SetDir: a setter of a setter.
func use() error {
	d, err := os.MkdirTemp("", "ws")
	if err != nil {
		return err
	}
	w := &setterlib.Workspace{}
	w.Use(d)
	if err := check(); err != nil {
		return err // want `temp directory d from os.MkdirTemp is held by w.dir, which this return drops without removing it, so it stays on disk: call w.Close\(\) before returning`
	}
	return w.Close()
}

// Register keeps the directory in the package's registry: handed off.
func register() error {
	d, err := os.MkdirTemp("", "ws")
	if err != nil {
		return err
	}
	w := &setterlib.Workspace{}
	w.Register(d)
	if err := check(); err != nil {
		return err
	}
	return w.Close()
}
