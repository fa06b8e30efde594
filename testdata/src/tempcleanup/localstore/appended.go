package localstore

import (
	"errors"
	"os"
	"os/exec"
)

// nerdctl's builder: the temp name is appended to an argument list
// ("args = append(args, ...)") that is run in place and goes nowhere else.
// The list holds nothing once the command has run: the error returns leak
// the object, as for a list written as one literal.
func appendedDir(extra bool) error {
	dir, err := os.MkdirTemp("", "out") // want `temp directory dir from os.MkdirTemp is not removed on every path`
	if err != nil {
		return err
	}
	args := []string{"build"}
	args = append(args, "-o", dir)
	if err := exec.Command("go", args...).Run(); err != nil {
		return err
	}
	if extra {
		return errors.New("extra")
	}
	return os.RemoveAll(dir)
}

// A path derived from the name in a flag, a list declared empty.
func appendedFlag() error {
	f, err := os.CreateTemp("", "meta") // want `temp file f from os.CreateTemp is not removed on every path`
	if err != nil {
		return err
	}
	f.Close()
	var args []string
	args = append(args, "--metadata-file="+f.Name())
	if err := runCmd("buildctl", args...); err != nil {
		return err
	}
	return os.Remove(f.Name())
}

// A list made with make, grown twice.
func appendedMake() error {
	dir, err := os.MkdirTemp("", "out") // want `temp directory dir from os.MkdirTemp is not removed on every path`
	if err != nil {
		return err
	}
	args := make([]string, 0, 4)
	args = append(args, "-C")
	args = append(args, dir)
	if out, err := exec.Command("tar", args...).CombinedOutput(); err != nil {
		return errors.New(string(out))
	}
	return os.RemoveAll(dir)
}

// Removed on every path: nothing to report.
func appendedRemoved() error {
	dir, err := os.MkdirTemp("", "out")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	args := []string{"build"}
	args = append(args, "-o", dir)
	return exec.Command("go", args...).Run()
}

// The list is returned: whoever gets it holds the name.
func appendedReturned() ([]string, error) {
	dir, err := os.MkdirTemp("", "out")
	if err != nil {
		return nil, err
	}
	args := []string{"build"}
	args = append(args, "-o", dir)
	return args, nil
}

// The list goes to a function that keeps it: handed off.
func appendedKept() {
	dir, err := os.MkdirTemp("", "out")
	if err != nil {
		return
	}
	var args []string
	args = append(args, dir)
	keepArgs(args...)
}

// The list is appended to another list that is returned.
func appendedInto() ([]string, error) {
	dir, err := os.MkdirTemp("", "out")
	if err != nil {
		return nil, err
	}
	var args []string
	args = append(args, dir)
	all := append([]string{"go"}, args...)
	return all, nil
}
