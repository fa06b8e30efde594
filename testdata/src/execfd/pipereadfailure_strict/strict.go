// Package pipereadfailure_strict: -strict reports the child left unwaited
// after a failed read of its own pipe.
package pipereadfailure_strict

import (
	"io"
	"os/exec"
)

func compress() ([]byte, error) {
	c := exec.Command("xz", "--stdout")
	stdout, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.Start(); err != nil { // want `c.Start succeeds but the child is not waited on some path`
		return nil, err
	}
	dat, err := io.ReadAll(stdout)
	if err != nil {
		return nil, err
	}
	return dat, c.Wait()
}
