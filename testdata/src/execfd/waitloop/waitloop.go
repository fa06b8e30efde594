// Package waitloop waits, one by one, for commands a range loop started:
// a return inside the waiting loop leaves the commands after the one it
// stopped at unwaited (git-lfs lfs.pipeExtensions's first failed Wait).
package waitloop

import "os/exec"

// firstFailure returns at the first Wait that fails.
func firstFailure(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil {
			for _, s := range cmds[:i] {
				s.Process.Kill()
				s.Wait()
			}
			return err
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil { // want `^c\.Wait waits for the commands of cmds one by one, but a return inside the loop leaves the commands after it unwaited \(each stays a zombie once it exits\); before that return, stop and reap the commands of cmds not yet waited: Process\.Kill, then Wait`
			return err
		}
	}
	return nil
}

// keepFirst waits for every command and keeps the first error.
func keepFirst(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil {
			for _, s := range cmds[:i] { // the started ones are all there is to reap
				s.Process.Kill()
				s.Wait()
			}
			return err
		}
	}
	var first error
	for _, c := range cmds {
		if err := c.Wait(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// reapRest stops and reaps the commands after the failed one.
func reapRest(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil {
			for _, s := range cmds[:i] {
				s.Process.Kill()
				s.Wait()
			}
			return err
		}
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			for _, r := range cmds[i+1:] {
				r.Process.Kill()
				r.Wait()
			}
			return err
		}
	}
	return nil
}

type stage struct{ cmd *exec.Cmd }

// indexed waits through the index, in a slice of structs.
func indexed(names []string) error {
	var stages []*stage
	for _, n := range names {
		stages = append(stages, &stage{cmd: exec.Command(n)})
	}
	for i := range stages {
		if err := stages[i].cmd.Start(); err != nil {
			for _, s := range stages[:i] {
				s.cmd.Process.Kill()
				s.cmd.Wait()
			}
			return err
		}
	}
	for i := range stages {
		if err := stages[i].cmd.Wait(); err != nil { // want `^stages\[i\]\.cmd\.Wait waits for the commands of stages one by one`
			return err
		}
	}
	return nil
}

// partialCleanup reaps only the first started command when a later start
// fails: the others started before it stay unwaited.
func partialCleanup(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil { // want `^c\.Start starts the commands of cmds one by one, but some path returns without waiting for them`
			for _, s := range cmds[:1] {
				s.Process.Kill()
				s.Wait()
			}
			_ = i
			return err
		}
	}
	var first error
	for _, c := range cmds {
		if err := c.Wait(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// proc is a wrapper that keeps its command in a named field.
type proc struct{ cmd *exec.Cmd }

func (p *proc) Start() error { return p.cmd.Start() }
func (p *proc) Wait() error  { return p.cmd.Wait() }

// wrappers holds new wrappers of fresh commands, started and waited one
// by one.
func wrappers(names []string) error {
	var ps []*proc
	for _, n := range names {
		ps = append(ps, &proc{cmd: exec.Command(n)})
	}
	for _, p := range ps {
		if err := p.Start(); err != nil { // want `^p\.Start starts the commands of ps one by one, but some path returns without waiting for them: when a later start fails`
			return err
		}
	}
	for _, p := range ps {
		if err := p.Wait(); err != nil { // want `^p\.Wait waits for the commands of ps one by one`
			return err
		}
	}
	return nil
}

// givenWrappers holds wrappers of commands made elsewhere: not the
// function's to follow.
func givenWrappers(cmds []*exec.Cmd) error {
	var ps []*proc
	for _, c := range cmds {
		ps = append(ps, &proc{cmd: c})
	}
	for _, p := range ps {
		if err := p.Start(); err != nil {
			return err
		}
	}
	return nil
}

// stopAll kills and reaps every command that was started.
func stopAll(cmds []*exec.Cmd) {
	for _, c := range cmds {
		if c.Process != nil {
			c.Process.Kill()
			c.Wait()
		}
	}
}

// handedInLoop hands the slice to stopAll before the return in the
// waiting loop.
func handedInLoop(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil {
			stopAll(cmds[:i])
			return err
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			stopAll(cmds)
			return err
		}
	}
	return nil
}
