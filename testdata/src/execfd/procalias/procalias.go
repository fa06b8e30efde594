// Package procalias follows a child through the *os.Process kept in a
// local variable.
package procalias

import (
	"os"
	"os/exec"
)

// Each round kills the previous child and never waits for it: a zombie
// per round (issue 25, shape 6).
func restartLoop(names []string) {
	var current *os.Process
	for _, n := range names {
		if current != nil {
			current.Kill()
		}
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\)`
			continue
		}
		current = cmd.Process
	}
}

// Killed and waited through the variable, and the last one waited after
// the loop.
func restartReaped(names []string) {
	var current *os.Process
	for _, n := range names {
		if current != nil {
			current.Kill()
			current.Wait()
		}
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // ok: waited through current
			continue
		}
		current = cmd.Process
	}
	if current != nil {
		current.Wait()
	}
}

// Waited through a variable in straight code.
func waitThrough() error {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	p := cmd.Process
	_, err := p.Wait()
	return err
}

// The variable is handed to the caller: its duty.
func handOn() (*os.Process, error) {
	cmd := exec.Command("daemon")
	if err := cmd.Start(); err != nil { // ok: returned
		return nil, err
	}
	p := cmd.Process
	return p, nil
}
