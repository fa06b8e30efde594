// Package structslice starts commands held in a slice of structs, one by
// one: the return when a later start fails leaves the earlier children
// unwaited (git-lfs lfs.pipeExtensions).
package structslice

import (
	"errors"
	"io"
	"os/exec"
)

type stage struct {
	cmd *exec.Cmd
	out io.ReadCloser
}

// values holds the commands in struct values.
func values(names []string) error {
	var stages []stage
	for _, n := range names {
		stages = append(stages, stage{cmd: exec.Command(n)})
	}
	for _, s := range stages {
		if err := s.cmd.Start(); err != nil { // want `^s\.cmd\.Start starts the commands of stages one by one, but some path returns without waiting for them: when a later start fails`
			return err
		}
	}
	for _, s := range stages {
		if err := s.cmd.Wait(); err != nil { // want `^s\.cmd\.Wait waits for the commands of stages one by one, but a return inside the loop leaves the commands after it unwaited`
			return err
		}
	}
	return nil
}

// holders makes each command in a local variable, then a holder of it.
func holders(names []string) (err error) {
	var stages []*stage
	for _, n := range names {
		cmd := exec.Command(n)
		st := &stage{cmd: cmd}
		stages = append(stages, st)
	}
	for i := range stages {
		if err = stages[i].cmd.Start(); err != nil { // want `^stages\[i\]\.cmd\.Start starts the commands of stages one by one`
			return
		}
	}
	if len(stages) > 3 {
		return errors.New("too many") // the loop's leak is reported once
	}
	for _, s := range stages {
		if err = s.cmd.Wait(); err != nil { // want `^s\.cmd\.Wait waits for the commands of stages one by one`
			return
		}
	}
	return nil
}

// stopped kills and waits for the started ones when a start fails.
func stopped(names []string) error {
	var stages []*stage
	for _, n := range names {
		stages = append(stages, &stage{cmd: exec.Command(n)})
	}
	for i, s := range stages {
		if err := s.cmd.Start(); err != nil {
			for _, started := range stages[:i] {
				started.cmd.Process.Kill()
			}
			for _, s := range stages {
				s.cmd.Wait()
			}
			return err
		}
	}
	for _, s := range stages {
		s.cmd.Wait()
	}
	return nil
}

// handedOn gives the slice to its caller, who waits.
func handedOn(names []string) ([]*stage, error) {
	var stages []*stage
	for _, n := range names {
		stages = append(stages, &stage{cmd: exec.Command(n)})
	}
	for _, s := range stages {
		if err := s.cmd.Start(); err != nil {
			return stages, err
		}
	}
	return stages, nil
}

// given holds commands the function did not make: not its own.
func given(cmds []*exec.Cmd) error {
	var stages []*stage
	for _, c := range cmds {
		stages = append(stages, &stage{cmd: c})
	}
	for _, s := range stages {
		if err := s.cmd.Start(); err != nil {
			return err
		}
	}
	for _, s := range stages {
		s.cmd.Wait()
	}
	return nil
}
