// Package loopshapes starts and waits for the commands of a local slice in
// loops written in the shapes a syntactic match does not see: the loops
// are found on the SSA form, as a cycle whose index counts from 0 and reads
// the slice.
package loopshapes

import "os/exec"

// copied copies the element to a local before its start.
func copied(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := 0; i < len(cmds); i++ {
		c := cmds[i]
		if err := c.Start(); err != nil { // want `^c\.Start starts the commands of cmds one by one, but some path returns without waiting for them: when a later start fails`
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// copiedReaped copies the element to a local and reaps the started prefix
// when a start fails.
func copiedReaped(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := 0; i < len(cmds); i++ {
		c := cmds[i]
		if err := c.Start(); err != nil {
			for _, s := range cmds[:i] {
				s.Process.Kill()
				s.Wait()
			}
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// prefix starts the first n commands.
func prefix(names []string, n int) error {
	var cmds []*exec.Cmd
	for _, name := range names {
		cmds = append(cmds, exec.Command(name))
	}
	for _, c := range cmds[:n] {
		if err := c.Start(); err != nil { // want `^c\.Start starts the commands of cmds one by one, but some path returns without waiting for them: when a later start fails`
			return err
		}
	}
	for _, c := range cmds[:n] {
		c.Wait()
	}
	return nil
}

// prefixReaped starts the first n commands and reaps those started when
// one fails.
func prefixReaped(names []string, n int) error {
	var cmds []*exec.Cmd
	for _, name := range names {
		cmds = append(cmds, exec.Command(name))
	}
	for i, c := range cmds[:n] {
		if err := c.Start(); err != nil {
			for _, s := range cmds[:i] {
				s.Process.Kill()
				s.Wait()
			}
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// counter reads the slice through a counter of its own, kept beside the
// range loop over the names.
func counter(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	k := 0
	for range names {
		if err := cmds[k].Start(); err != nil { // want `^cmds\[k\]\.Start starts the commands of cmds one by one`
			return err
		}
		k++
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// counterReaped reaps, through the counter, the commands started before
// the one that failed.
func counterReaped(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	k := 0
	for range names {
		if err := cmds[k].Start(); err != nil {
			for j := 0; j < k; j++ {
				cmds[j].Process.Kill()
				cmds[j].Wait()
			}
			return err
		}
		k++
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// helper indexes the slice through a copy of the loop's index.
func helper(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	for i := range names {
		j := i
		if err := cmds[j].Start(); err != nil { // want `^cmds\[j\]\.Start starts the commands of cmds one by one`
			return err
		}
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// skipsCounter moves its counter twice an iteration: not the index of the
// iterations, so not followed.
func skipsCounter(names []string) error {
	cmds := make([]*exec.Cmd, len(names))
	for i, n := range names {
		cmds[i] = exec.Command(n)
	}
	k := 0
	for range names {
		if err := cmds[k].Start(); err != nil {
			return err
		}
		k += 2
	}
	for _, c := range cmds {
		c.Wait()
	}
	return nil
}

// countedReap reaps the started prefix in a loop over its indexes,
// "for j := 0; j < i; j++".
func countedReap(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil {
			for j := 0; j < i; j++ {
				cmds[j].Process.Kill()
				cmds[j].Wait()
			}
			return err
		}
	}
	var first error
	for j := 0; j < len(cmds); j++ {
		if err := cmds[j].Wait(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// countedShort reaps all but the last of the started prefix.
func countedShort(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for i, c := range cmds {
		if err := c.Start(); err != nil { // want `^c\.Start starts the commands of cmds one by one, but some path returns without waiting for them: when a later start fails`
			for j := 0; j < i-1; j++ {
				cmds[j].Process.Kill()
				cmds[j].Wait()
			}
			return err
		}
	}
	for j := 0; j < len(cmds); j++ {
		cmds[j].Wait()
	}
	return nil
}

// countedWait waits in a loop over the indexes and returns at the first
// failure: the commands after it stay unwaited.
func countedWait(names []string) error {
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
	for j := 0; j < len(cmds); j++ {
		if err := cmds[j].Wait(); err != nil { // want `^cmds\[j\]\.Wait waits for the commands of cmds one by one, but a return inside the loop leaves the commands after it unwaited`
			return err
		}
	}
	return nil
}

// countedWaitRest reaps the rest before returning at the first failure.
func countedWaitRest(names []string) error {
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
	for j := 0; j < len(cmds); j++ {
		if err := cmds[j].Wait(); err != nil {
			for _, r := range cmds[j+1:] {
				r.Process.Kill()
				r.Wait()
			}
			return err
		}
	}
	return nil
}
