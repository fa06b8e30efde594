// Package configuredcreator: a command from another package's function
// that makes it with exec.Command and only configures it (as
// x/sys/execabs.Command does) is the caller's to wait for.
package configuredcreator

import (
	"bufio"
	"errors"

	"execfd/configuredcreator/abs"
)

func execPath() (string, error) {
	cmd := abs.Command("git", "--exec-path")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return "", err
	}
	line, isPrefix, err := bufio.NewReader(stdout).ReadLine()
	if err != nil {
		return "", err
	}
	if isPrefix {
		return "", errors.New("long line")
	}
	return string(line), cmd.Wait()
}

// Negative: the helper started the command; it is not a fresh one.
func started() error {
	cmd := abs.Started("true")
	return cmd.Process.Kill() // ok: not known to be this function's child
}
