package strict

import (
	"os"

	"tempcleanup/helper"
)

func escapes(f func(string)) {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is passed to code that is not known to remove it`
	if err != nil {
		return
	}
	f(dir)
}

func knownRemover() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	helper.Remove(dir)
}

func unclosed() error {
	f, err := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is not closed on every path`
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(nil); err != nil {
		return err
	}
	return f.Close()
}

func closed() error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	_, err = f.Write(nil)
	return err
}

func stillDefault() {
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if err != nil {
		return
	}
	println(dir)
}

func inCallersDir(dir string) {
	f, err := os.CreateTemp(dir, "x") // want `temp file f from os.CreateTemp is created in a directory this function does not own and is never removed` `temp file f from os.CreateTemp is not closed on every path`
	if err != nil {
		return
	}
	f.Write(nil)
}

func printed() {
	dir, err := os.MkdirTemp("", "x") // want `passed to code that is not known to remove it`
	if err != nil {
		return
	}
	println(len(dir))
	fmtPrintln(dir)
}

var fmtPrintln = func(s string) {}
