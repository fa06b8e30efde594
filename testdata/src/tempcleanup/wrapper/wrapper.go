// Package wrapper calls the creator wrappers of package wrapperlib: what
// they return is a temp object, as from os.CreateTemp.
package wrapper

import (
	"os"

	"tempcleanup/wrapperlib"
)

func use(string) error { return nil }

func leaksFile() error {
	f, err := wrapperlib.TempFile("", "x") // want `temp file f from wrapperlib.TempFile is not removed on any path`
	if err != nil {
		return err
	}
	defer f.Close()
	return use(f.Name())
}

func removesFile() error {
	f, err := wrapperlib.TempFile("", "x")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	return use(f.Name())
}

func leaksDir() error {
	dir, err := wrapperlib.TempDir() // want `temp directory dir from wrapperlib.TempDir is not removed on every path`
	if err != nil {
		return err
	}
	if err := use(dir); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func removesDir() error {
	dir, err := wrapperlib.TempDir()
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return use(dir)
}

func leaksScratch() {
	dir, err := wrapperlib.Scratch() // want `not removed on any path`
	if err != nil {
		return
	}
	use(dir)
}

// A lock file and a uniquely numbered file are not temp objects.
func lockAndUnique() {
	f, err := wrapperlib.Lock("/var/lock/x")
	if err == nil {
		f.Close()
	}
	g, err := wrapperlib.Unique("report")
	if err == nil {
		g.Close()
	}
}
