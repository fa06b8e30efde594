// Package regression_collectedhelper keeps started commands in a slice
// through a helper of the package that appends its command parameter to
// its slice parameter and returns the slice: the call is an append to the
// caller's slice, and the failure return of a later start leaves the ones
// kept so far unwaited (issue 25, shape 3). Files handed to a child through
// such a helper are followed the same way.
package regression_collectedhelper

import (
	"errors"
	"os"
	"os/exec"
)

type proc struct {
	name string
	cmd  *exec.Cmd
}

// keep appends the command to the slice.
func keep(cmds []*exec.Cmd, c *exec.Cmd) []*exec.Cmd {
	return append(cmds, c)
}

// keepProc appends a holder of the command, unless the name is empty.
func keepProc(procs []proc, name string, c *exec.Cmd) ([]proc, error) {
	if name == "" {
		return procs, errors.New("no name")
	}
	return append(procs, proc{name: name, cmd: c}), nil
}

// leaks returns when a later start fails.
func leaks(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			return err
		}
		cmds = keep(cmds, cmd)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// leaksProcs returns when a later start fails, the slice kept through a
// helper that also returns an error.
func leaksProcs(names []string) error {
	var procs []proc
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds and the child is kept in procs, but some path returns without waiting for the commands in procs`
			return err
		}
		var err error
		if procs, err = keepProc(procs, n, cmd); err != nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return err
		}
	}
	for _, p := range procs {
		_ = p.cmd.Wait()
	}
	return nil
}

// stops kills and waits for the kept ones before the failure return.
func stops(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			for _, c := range cmds {
				_ = c.Process.Kill()
				_ = c.Wait()
			}
			return err
		}
		cmds = keep(cmds, cmd)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// handsBack returns the slice to the caller: the caller waits.
func handsBack(names []string) ([]*exec.Cmd, error) {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			return cmds, err
		}
		cmds = keep(cmds, cmd)
	}
	return cmds, nil
}

// keepFile appends the file to the slice.
func keepFile(files []*os.File, f *os.File) []*os.File {
	return append(files, f)
}

// filesKept hands the files kept through the helper to the child and does
// not close its copies after the start.
func filesKept(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = keepFile(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	if err := cmd.Start(); err != nil { // want `the files in files are handed to the child but the parent does not close them after Start on some path`
		return err
	}
	return cmd.Wait()
}

// filesClosed closes them after the start.
func filesClosed(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = keepFile(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	err := cmd.Start()
	for _, f := range files {
		f.Close()
	}
	if err != nil { // ok: closed after the start, whatever its result
		return err
	}
	return cmd.Wait()
}
