// Package cmdalias follows a child through another local *exec.Cmd
// variable that holds the command ("current = cmd").
package cmdalias

import "os/exec"

// Each round kills the previous child and never waits for it: a zombie
// per round (issue 25, shape 6, with the command kept).
func restartLoop(names []string) {
	var current *exec.Cmd
	for _, n := range names {
		if current != nil {
			current.Process.Kill()
		}
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path \(Process\.Kill and Signal do not reap it\)`
			continue
		}
		current = cmd
	}
}

// Killed and waited through the variable, and the last one waited after
// the loop.
func restartReaped(names []string) {
	var current *exec.Cmd
	for _, n := range names {
		if current != nil {
			current.Process.Kill()
			current.Wait()
		}
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			continue
		}
		current = cmd
	}
	if current != nil {
		current.Wait()
	}
}

// Reaped through the variable's Process.
func restartProcessWait(names []string) {
	var current *exec.Cmd
	for _, n := range names {
		if current != nil {
			current.Process.Kill()
			current.Process.Wait()
		}
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			continue
		}
		current = cmd
	}
	if current != nil {
		current.Process.Wait()
	}
}

// The variable also holds a command the function did not start: a Wait
// through it may be that one's, so it is handed on, not followed.
func mixed(first *exec.Cmd, names []string) {
	current := first
	for _, n := range names {
		if current != nil {
			current.Process.Kill()
		}
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			continue
		}
		current = cmd
	}
}

// The variable is handed to the caller: its duty.
func handOn(name string) (*exec.Cmd, error) {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := cmd
	return c, nil
}
