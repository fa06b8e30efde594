// Package regression_heldelemhint: the hint to stop the children started
// from a slice names the path to each command when an element holds it in
// a named field (a wrapper's p.cmd, a struct's s.cmd): a bare
// "Process.Kill" does not compile on such an element (issue 25, noted by
// i25exec32). An element that is the command, or a wrapper that embeds
// it, keeps the bare form.
package regression_heldelemhint

import "os/exec"

// proc is a wrapper that keeps its command in a named field.
type proc struct{ cmd *exec.Cmd }

func (p *proc) Start() error { return p.cmd.Start() }
func (p *proc) Wait() error  { return p.cmd.Wait() }

// embedded is a wrapper that embeds its command.
type embedded struct{ *exec.Cmd } // want embedded:"cmdWrapper"

func (e *embedded) Start() error { return e.Cmd.Start() }
func (e *embedded) Wait() error  { return e.Cmd.Wait() }

type stage struct{ cmd *exec.Cmd }

func wrappers(names []string) error {
	var ps []*proc
	for _, n := range names {
		ps = append(ps, &proc{cmd: exec.Command(n)})
	}
	for _, p := range ps {
		if err := p.Start(); err != nil { // want `^p\.Start starts the commands of ps one by one, .*stop and reap each command in ps that was started \(p\.cmd\.Process is not nil\): p\.cmd\.Process\.Kill, then p\.cmd\.Wait, having first closed`
			return err
		}
	}
	for _, p := range ps {
		if err := p.Wait(); err != nil { // want `^p\.Wait waits for the commands of ps one by one, .*not yet waited: p\.cmd\.Process\.Kill, then p\.cmd\.Wait, having first closed`
			return err
		}
	}
	return nil
}

func structs(names []string) error {
	var stages []stage
	for _, n := range names {
		stages = append(stages, stage{cmd: exec.Command(n)})
	}
	for i := range stages {
		if err := stages[i].cmd.Start(); err != nil { // want `^stages\[i\]\.cmd\.Start starts the commands of stages one by one, .*\(stages\[i\]\.cmd\.Process is not nil\): stages\[i\]\.cmd\.Process\.Kill, then stages\[i\]\.cmd\.Wait, having first closed`
			return err
		}
	}
	for _, s := range stages {
		if err := s.cmd.Wait(); err != nil { // want `^s\.cmd\.Wait waits for the commands of stages one by one, .*not yet waited: s\.cmd\.Process\.Kill, then s\.cmd\.Wait, having first closed`
			return err
		}
	}
	return nil
}

// The element is the command: the bare form.
func commands(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmds = append(cmds, exec.Command(n))
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil { // want `^c\.Start starts the commands of cmds one by one, .*\(its Process is not nil\): Process\.Kill, then Wait, having first closed`
			return err
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil { // want `^c\.Wait waits for the commands of cmds one by one, .*not yet waited: Process\.Kill, then Wait, having first closed`
			return err
		}
	}
	return nil
}

// The wrapper embeds the command: its Process and Wait are the command's,
// the bare form.
func embeddedWrappers(names []string) error {
	var es []*embedded
	for _, n := range names {
		es = append(es, &embedded{Cmd: exec.Command(n)})
	}
	for _, e := range es {
		if err := e.Start(); err != nil { // want `^e\.Start starts the commands of es one by one, .*\(its Process is not nil\): Process\.Kill, then Wait, having first closed`
			return err
		}
	}
	for _, e := range es {
		if err := e.Wait(); err != nil { // want `^e\.Wait waits for the commands of es one by one, .*not yet waited: Process\.Kill, then Wait, having first closed`
			return err
		}
	}
	return nil
}
