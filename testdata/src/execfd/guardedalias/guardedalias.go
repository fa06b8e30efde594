// Package guardedalias: a file created only under a condition, whose
// other branch aliases a file closed elsewhere, is the function's only
// where the condition held.
package guardedalias

import (
	"os"
	"os/exec"
)

func closedWhereOwned(owned bool, name string) error {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	defer devNull.Close()
	var f *os.File
	if owned {
		f, err = os.Create(name)
		if err != nil {
			return err
		}
	} else {
		f = devNull
	}
	cmd := exec.Command("child")
	cmd.Stdout = f
	err = cmd.Start()
	if owned {
		f.Close() // ok: the only branch where f is this function's
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

func notClosedWhereOwned(owned bool, name string) error {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	defer devNull.Close()
	var f *os.File
	if owned {
		f, err = os.Create(name)
		if err != nil {
			return err
		}
	} else {
		f = devNull
	}
	cmd := exec.Command("child")
	cmd.Stdout = f
	if err := cmd.Start(); err != nil { // want `f is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	return cmd.Wait()
}

func closedOnTheWrongBranch(owned bool, name string) error {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	defer devNull.Close()
	var f *os.File
	if !owned {
		f = devNull
	} else {
		f, err = os.Create(name)
		if err != nil {
			return err
		}
	}
	cmd := exec.Command("child")
	cmd.Stdout = f
	err = cmd.Start() // want `f is handed to the child but the parent does not close it after Start on some path`
	if !owned {
		f.Close() // closes the shared file, not the created one
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}
