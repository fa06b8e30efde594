// Package loopwaiter: a loop that starts its commands one by one and
// starts a goroutine that waits for each right after its Start (lima's
// qemu driver) leaves no child unwaited when a later start fails.
package loopwaiter

import (
	"errors"
	"os/exec"
)

func check() error { return errors.New("bad") }

func waiterPerChild(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			return err
		}
		done := make(chan error, 1)
		go func() {
			done <- c.Wait()
		}()
	}
	return nil
}

func goWait(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i := range cmds {
		if err := cmds[i].Start(); err != nil {
			return err
		}
		go cmds[i].Wait()
	}
	return nil
}

// A waiter only on some paths of the iteration does not count.
func waiterSometimes(names []string, bg bool) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them`
			return err
		}
		if bg {
			go c.Wait()
		}
	}
	return nil
}

// A goroutine that waits for another command does not reap this one.
func waiterOfOther(names []string, other *exec.Cmd) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them`
			return err
		}
		go func() { other.Wait() }()
	}
	return check()
}
