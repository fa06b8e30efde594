// Package regression_collectedalias waits for the commands kept in a slice
// through another name: the slice assigned to another variable, the
// element copied before its Wait, a file copied before its Close. The values are the same; the names do
// not matter (issue 25, shape 3).
package regression_collectedalias

import (
	"errors"
	"os"
	"os/exec"
)

func check() error { return errors.New("x") }

// elementCopy waits for a copy of each element: every command is waited.
func elementCopy(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			for _, c := range cmds {
				started := c
				_ = started.Process.Kill()
				_ = started.Wait()
			}
			return err
		}
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// elementCopyNoWait copies each element but only kills it: the failure
// return leaves the started ones unwaited.
func elementCopyNoWait(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			for _, c := range cmds {
				started := c
				_ = started.Process.Kill()
			}
			return err
		}
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

// filesClosedByCopy closes a copy of each file handed to the child: every
// file is closed after the start.
func filesClosedByCopy(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("x")
	cmd.ExtraFiles = files
	err := cmd.Start()
	for _, f := range files {
		opened := f
		opened.Close()
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// filesSyncedByCopy only syncs a copy of each file: the parent keeps its
// copies open.
func filesSyncedByCopy(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("x")
	cmd.ExtraFiles = files
	if err := cmd.Start(); err != nil { // want `^the files in files are handed to the child but the parent does not close them after Start on some path`
		return err
	}
	for _, f := range files {
		opened := f
		opened.Sync()
	}
	return cmd.Wait()
}
