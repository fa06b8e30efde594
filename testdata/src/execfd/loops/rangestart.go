package loops

import "os/exec"

// Commands made into a slice first and started by a range loop: the
// early return leaves the ones started before it.
func startAllEarlyReturn(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them: when a later start fails, the children started so far are never waited \(each stays a zombie once it exits\)`
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// A slice literal started by index.
func startLiteralByIndex() error {
	cmds := []*exec.Cmd{exec.Command("a"), exec.Command("b")}
	for i := range cmds {
		if err := cmds[i].Start(); err != nil { // want `cmds\[i\].Start starts the commands of cmds one by one`
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// The failure branch stops and waits for what started: fine.
func startAllCleanup(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // ok: the failure branch waits
			for _, s := range cmds {
				if s.Process != nil {
					s.Process.Kill()
					s.Wait()
				}
			}
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// Started and never waited at all.
func startAllForget(names []string) {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		c.Start() // want `c.Start starts the commands of cmds one by one, but some path returns without waiting for them`
	}
}

// A deferred wait loop registered before the starts covers every return.
func startAllDeferred(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	defer func() {
		for _, c := range cmds {
			if c.Process != nil {
				c.Process.Kill()
				c.Wait()
			}
		}
	}()
	for _, c := range cmds {
		if err := c.Start(); err != nil { // ok
			return err
		}
	}
	return nil
}

// The caller gets the slice and waits.
func startAllReturned(names []string) ([]*exec.Cmd, error) {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // ok: handed to the caller with the slice
			return cmds, err
		}
	}
	return cmds, nil
}

// Commands given by the caller are the caller's.
func startGiven(cmds []*exec.Cmd) error {
	for _, c := range cmds {
		if err := c.Start(); err != nil { // ok: not made here
			return err
		}
	}
	return nil
}
