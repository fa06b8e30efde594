// Package regression_funcvalueany: a function value that receives the temp
// path (or a path inside it) only as an argument of type any formats or
// keeps a value; it does not remove the directory (u-root's pox printed
// filepath.Join(dir, m.target) through its debug function, and every
// return after that counted as a hand-off). A function value that receives
// the path as a string may remove it: still an escape.
package regression_funcvalueany

import (
	"os"
	"path/filepath"
)

type cmd struct {
	debug  func(format string, args ...any)
	handle func(path string) error
}

func (c cmd) logged(targets []string) error {
	dir, err := os.MkdirTemp("", "pox") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk`
	if err != nil {
		return err
	}
	for _, t := range targets {
		c.debug("mount(%q)", filepath.Join(dir, t))
		if err := os.Mkdir(filepath.Join(dir, t), 0o700); err != nil {
			return err
		}
	}
	return nil
}

// handed: the function value takes the path as a string, which it may
// remove: an escape, silent by default.
func (c cmd) handed() error {
	dir, err := os.MkdirTemp("", "pox")
	if err != nil {
		return err
	}
	return c.handle(dir)
}
