// Package regression_collectedmap keeps commands in a slice of structs
// with an *exec.Cmd field, filled by a loop over a map: the failed start of
// a later command leaves the ones started before it, kept in the slice,
// unwaited (issue 25, shape 3).
package regression_collectedmap

import (
	"os/exec"
)

type proc struct {
	name string
	cmd  *exec.Cmd
}

// leaks returns when a start fails, leaving the started ones unwaited.
func leaks(progs map[string][]string) error {
	var procs []proc
	for name, args := range progs {
		c := exec.Command(name, args...)
		if err := c.Start(); err != nil { // want `^c\.Start succeeds and the child is kept in procs, but some path returns without waiting for the commands in procs`
			return err
		}
		procs = append(procs, proc{name: name, cmd: c})
	}
	for _, p := range procs {
		_ = p.cmd.Wait()
	}
	return nil
}

// stops kills and waits for the started ones before the failure return.
func stops(progs map[string][]string) error {
	var procs []*proc
	for name, args := range progs {
		c := exec.Command(name, args...)
		if err := c.Start(); err != nil {
			for _, p := range procs {
				_ = p.cmd.Process.Kill()
				_ = p.cmd.Wait()
			}
			return err
		}
		procs = append(procs, &proc{name, c})
	}
	for _, p := range procs {
		_ = p.cmd.Wait()
	}
	return nil
}
