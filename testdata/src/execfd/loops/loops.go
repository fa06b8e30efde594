// Package loops: commands started in a loop and kept in a slice must each
// be waited for on every path, including when a later start fails.
package loops

import (
	"os/exec"
)

func earlyReturn(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); wait for each command in cmds \(Process.Kill then Wait to stop them\) before returning`
			return err
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		cmd.Wait()
	}
	return nil
}

func earlyReturnCleaned(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // ok: the ones started so far are stopped and reaped
			for _, c := range cmds {
				c.Process.Kill()
				c.Wait()
			}
			return err
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		cmd.Wait()
	}
	return nil
}

func deferredCleanup(names []string) (err error) {
	var cmds []*exec.Cmd
	defer func() {
		for _, c := range cmds {
			c.Wait()
		}
	}()
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // ok: the deferred loop waits for every one
			return err
		}
		cmds = append(cmds, cmd)
	}
	return nil
}

func killedOnly(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in cmds`
			for _, c := range cmds {
				c.Process.Kill() // kills, does not reap
			}
			return err
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		cmd.Wait()
	}
	return nil
}

// Appended before the start: a failed start in a later iteration leaves
// the earlier children.
func appendThenStart(names []string) error {
	cmds := make([]*exec.Cmd, 0, len(names))
	for _, n := range names {
		cmd := exec.Command(n)
		cmds = append(cmds, cmd)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in cmds`
			return err
		}
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			return err
		}
	}
	return nil
}

type proc struct {
	name string
	cmd  *exec.Cmd
}

func sliceOfStructs(names []string) error {
	var procs []proc
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in procs`
			return err
		}
		procs = append(procs, proc{name: n, cmd: cmd})
	}
	for _, p := range procs {
		p.cmd.Wait()
	}
	return nil
}

func sliceOfStructsWaited(names []string) error {
	var procs []*proc
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // ok
			stopAll(procs)
			return err
		}
		procs = append(procs, &proc{name: n, cmd: cmd})
	}
	stopAll(procs)
	return nil
}

func stopAll(procs []*proc) {
	for _, p := range procs {
		p.cmd.Process.Kill()
		p.cmd.Wait()
	}
}

func neverWaited(names []string) {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in cmds`
			continue
		}
		cmds = append(cmds, cmd)
	}
	_ = len(cmds)
}

func returned(names []string) ([]*exec.Cmd, error) {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds and the child is kept in cmds`
			return nil, err
		}
		cmds = append(cmds, cmd)
	}
	return cmds, nil // ok here: handed to the caller
}

func returnedAll(names []string) ([]*exec.Cmd, error) {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // ok: the caller gets the started ones
			return cmds, err
		}
		cmds = append(cmds, cmd)
	}
	return cmds, nil
}
