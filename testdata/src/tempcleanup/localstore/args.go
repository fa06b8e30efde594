package localstore

import (
	"io"
	"os"
	"os/exec"
)

// runCmd runs a command with the arguments and keeps none of them.
func runCmd(name string, args ...string) error {
	return exec.Command(name, args...).Run()
}

// keepArgs keeps its arguments in a package variable.
var kept [][]string

func keepArgs(args ...string) { kept = append(kept, args) }

// lima's guest-install: the temp file's name goes into an argument list
// for a command run by the package's own helper, which keeps nothing. The
// list never leaves the function: no hand-off, and the returns before the
// deferred removal leak the file.
func install(bin string, src io.Reader, decompress bool) error {
	if decompress {
		tmp, err := os.CreateTemp("", "agent-") // want `temp file tmp from os.CreateTemp is not removed on every path`
		if err != nil {
			return err
		}
		if _, err := io.Copy(tmp, src); err != nil {
			return err
		}
		tmp.Close()
		bin = tmp.Name()
		defer os.Remove(bin)
	}
	args := []string{bin, "host:/tmp/agent"}
	return runCmd("scp", args...)
}

// The same list given to a function that keeps it: handed off.
func installKept() error {
	tmp, err := os.CreateTemp("", "agent-") // ok by default: the list is kept by keepArgs
	if err != nil {
		return err
	}
	args := []string{tmp.Name(), "host:/tmp/agent"}
	keepArgs(args...)
	return tmp.Close()
}

// A list given to the package's runner never leaves: the file is still
// the function's, and leaks on every path.
func runOnly() error {
	tmp, err := os.CreateTemp("", "agent-") // want `temp file tmp from os.CreateTemp is not removed on any path`
	if err != nil {
		return err
	}
	args := []string{tmp.Name(), "host:/tmp/agent"}
	return runCmd("scp", args...)
}
