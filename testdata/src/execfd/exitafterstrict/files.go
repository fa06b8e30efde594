package main

import (
	"os"
	"os/exec"
)

// keptFile hands a file to the child and, on a failed check, returns its
// error to main, which exits: the copy is kept only until the process
// ends.
func keptFile() error {
	f, err := os.Create("/var/log/child.log")
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdout = f
	if err := cmd.Run(); err != nil { // want `f is handed to the child but the parent does not close it after Run on some path`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return f.Close()
}

// keptFileLogged: main logs the error and goes on.
func keptFileLogged() error {
	f, err := os.Create("/var/log/child.log")
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdout = f
	if err := cmd.Run(); err != nil { // want `f is handed to the child but the parent does not close it after Run on some path`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return f.Close()
}
