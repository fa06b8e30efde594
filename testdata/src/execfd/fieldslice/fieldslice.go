// Package fieldslice: children appended to a slice field are the struct's
// to wait for, as a child kept in a field is: some function of the package
// must wait for the field's elements.
package fieldslice

import "os/exec"

type runner struct{ procs []*exec.Cmd }

func (r *runner) startAll(names []string) error {
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil {
			return err
		}
		r.procs = append(r.procs, c) // want `field procs of runner collects the children started by c.Start, but no function of the package waits for them: once one exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); wait for each \(Wait on every element of procs\) in a method of runner`
	}
	return nil
}

func (r *runner) stop() {
	for _, p := range r.procs {
		p.Process.Kill()
	}
}

type pool struct{ procs []*exec.Cmd }

func (p *pool) startAll(names []string) error {
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil {
			return err
		}
		p.procs = append(p.procs, c)
	}
	return nil
}

func (p *pool) wait() {
	for _, c := range p.procs {
		c.Process.Kill()
		c.Wait()
	}
}

// Exported fields may be waited for by another package.
type Group struct{ Procs []*exec.Cmd }

func (g *Group) StartAll(names []string) error {
	for _, n := range names {
		c := exec.Command(n)
		if err := c.Start(); err != nil {
			return err
		}
		g.Procs = append(g.Procs, c)
	}
	return nil
}
