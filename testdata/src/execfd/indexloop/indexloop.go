// Package indexloop starts the commands of a local slice in a loop over
// its indexes, "for i := 0; i < len(cmds); i++": the return when a later
// start fails leaves the earlier children unwaited, as in a range loop.
package indexloop

import "os/exec"

// indexed fills the slice by index and starts it by index.
func indexed(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := 0; i < len(cmds); i++ {
		if err := cmds[i].Start(); err != nil { // want `^cmds\[i\]\.Start starts the commands of cmds one by one, but some path returns without waiting for them: when a later start fails`
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// indexedReaped reaps the started prefix when a start fails.
func indexedReaped(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := 0; i < len(cmds); i++ {
		if err := cmds[i].Start(); err != nil {
			for _, s := range cmds[:i] {
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

// given holds commands made elsewhere: not the function's to follow.
func given(in []*exec.Cmd) error {
	cmds := make([]*exec.Cmd, len(in))
	for i := range in {
		cmds[i] = in[i]
	}
	for i := 0; i < len(cmds); i++ {
		if err := cmds[i].Start(); err != nil {
			return err
		}
	}
	return nil
}

// skips moves the index itself: not a plain loop over the indexes.
func skips(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := 0; i < len(cmds); i++ {
		if err := cmds[i].Start(); err != nil {
			return err
		}
		i++
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}
