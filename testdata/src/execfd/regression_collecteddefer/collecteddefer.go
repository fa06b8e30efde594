// Package regression_collecteddefer waits for the commands kept in a
// slice in a deferred closure that captures the slice: registered before
// the first start, it covers every return; registered after the loop, it
// does not cover the failure return inside it (issue 25, shape 3).
package regression_collecteddefer

import (
	"errors"
	"os/exec"
)

func check() error { return errors.New("x") }

// deferredFirst registers the wait before the loop: every return waits.
func deferredFirst(names []string) error {
	var cmds []*exec.Cmd
	defer func() {
		for _, c := range cmds {
			_ = c.Wait()
		}
	}()
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			return err
		}
		cmds = append(cmds, cmd)
	}
	return check()
}

// deferredLate registers the wait after the loop: the failure return
// inside it leaves the started ones unwaited.
func deferredLate(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			return err
		}
		cmds = append(cmds, cmd)
	}
	defer func() {
		for _, c := range cmds {
			_ = c.Wait()
		}
	}()
	return check()
}

// deferredIndexed waits, in the deferred closure, for each element read by
// the loop's index.
func deferredIndexed(names []string) error {
	var cmds []*exec.Cmd
	defer func() {
		for i := range cmds {
			_ = cmds[i].Wait()
		}
	}()
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			return err
		}
		cmds = append(cmds, cmd)
	}
	return check()
}
