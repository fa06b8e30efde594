// Package loopwaiterssa: the goroutine that waits for each command right
// after a loop starts it is matched on the SSA form, by the value it waits
// for, whatever the expression there: a copy of the element, the element
// read again at the index, a field of it, the parameter of the literal,
// a method value. A waiter of another command still leaves the started
// ones unwaited.
package loopwaiterssa

import (
	"errors"
	"os/exec"
	"syscall"
)

func check() error { return errors.New("bad") }

func commands(names []string) []*exec.Cmd {
	return nil
}

// A copy of the element, captured by the literal, is the element.
func waitCopy(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			return err
		}
		c2 := c
		go func() { _ = c2.Wait() }()
	}
	return nil
}

// The copy is of another command: the started one stays unwaited.
func waitCopyOfOther(names []string, other *exec.Cmd) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them`
			return err
		}
		c2 := other
		go func() { _ = c2.Wait() }()
	}
	return check()
}

// A copy that is set again before the goroutine is not known to be the
// element.
func waitCopyReassigned(names []string, other *exec.Cmd) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them`
			return err
		}
		c2 := c
		if other != nil {
			c2 = other
		}
		go func() { _ = c2.Wait() }()
	}
	return check()
}

// The element read again at the index, in a literal.
func waitIndexInLiteral(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := 0; i < len(cmds); i++ {
		if err := cmds[i].Start(); err != nil {
			return err
		}
		go func() { cmds[i].Wait() }()
	}
	return nil
}

// The literal waits for the first command, not the i-th.
func waitFirstInLiteral(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := 0; i < len(cmds); i++ {
		if err := cmds[i].Start(); err != nil { // want `cmds\[i\].Start starts the commands of cmds one by one, but some path returns without waiting for them`
			return err
		}
		go func() { cmds[0].Wait() }()
	}
	return check()
}

// The command given to the literal as its argument.
func waitParam(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			return err
		}
		go func(c *exec.Cmd) { c.Process.Wait() }(c)
	}
	return nil
}

// The literal's parameter is given another command.
func waitParamOther(names []string, other *exec.Cmd) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them`
			return err
		}
		go func(c *exec.Cmd) { c.Process.Wait() }(other)
	}
	return check()
}

// A method value of the element's Wait, run by the goroutine.
func waitMethodValue(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			return err
		}
		wait := c.Wait
		go wait()
	}
	return nil
}

type stage struct {
	name string
	cmd  *exec.Cmd
}

// The command an element holds, read again in the literal.
func waitHeld(names []string) error {
	var stages []*stage
	for _, n := range names {
		stages = append(stages, &stage{name: n, cmd: exec.Command(n)})
	}
	for i := range stages {
		if err := stages[i].cmd.Start(); err != nil {
			return err
		}
		go func() { stages[i].cmd.Wait() }()
	}
	return nil
}

// wait4 on the element's pid, by a function of the package.
func reap(pid int) {
	var ws syscall.WaitStatus
	syscall.Wait4(pid, &ws, 0, nil)
}

func waitPid(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			return err
		}
		go reap(c.Process.Pid)
	}
	return nil
}
