// Package owningfield: a type that keeps a started child in a field must
// wait for it in one of its methods.
package owningfield

import (
	"os"
	"os/exec"
)

// waitedInClose keeps its child and waits for it in Close.
type waitedInClose struct{ child *exec.Cmd }

func (s *waitedInClose) Start() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	s.child = cmd // ok: Close waits for it
	return nil
}

func (s *waitedInClose) Close() error {
	s.child.Process.Kill()
	return s.child.Wait()
}

// killedInClose only kills its child: a zombie until the parent exits.
type killedInClose struct{ child *exec.Cmd }

func (s *killedInClose) Start() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	s.child = cmd // want `field child of killedInClose holds the child started by cmd.Start, but no function of the package waits for it: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); wait for it \(child.Wait\) in a method of killedInClose, such as its Close or Stop, after it is told to exit \(its input closed, or Kill\): Wait blocks while the child runs`
	return nil
}

func (s *killedInClose) Close() error {
	return s.child.Process.Kill()
}

// neverReleased builds its value with a literal.
type neverReleased struct {
	name  string
	child *exec.Cmd
}

func startNever(name string) (*neverReleased, error) {
	cmd := exec.Command(name)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &neverReleased{name: name, child: cmd}, nil // want `field child of neverReleased holds the child started by cmd.Start`
}

// handedOn: a method gives the command to its caller, who may wait.
type handedOn struct{ child *exec.Cmd }

func (h *handedOn) Start() error {
	cmd := exec.Command("server")
	h.child = cmd // ok: Cmd hands it on
	return cmd.Start()
}

func (h *handedOn) Cmd() *exec.Cmd { return h.child }

// waitedByFunction: a plain function of the package waits for the field.
type waitedByFunction struct{ child *exec.Cmd }

func (w *waitedByFunction) Start() error {
	cmd := exec.Command("server")
	w.child = cmd // ok
	return cmd.Start()
}

func stop(w *waitedByFunction) { w.child.Wait() }

// Exported fields may be waited for by other packages: not judged.
type Exported struct{ Child *exec.Cmd }

func (e *Exported) Start() error {
	cmd := exec.Command("server")
	e.Child = cmd // ok
	return cmd.Start()
}

// runOnly: Run waits, nothing is left to reap.
type runOnly struct{ last *exec.Cmd }

func (r *runOnly) Do() error {
	cmd := exec.Command("tool")
	r.last = cmd // ok
	return cmd.Run()
}

// The Process is kept, and only signalled.
type procKept struct{ proc *os.Process }

func (p *procKept) Start() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	p.proc = cmd.Process // want `field proc of procKept holds the child started by cmd.Start, but no function of the package waits for it: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); wait for it \(proc.Wait, or Release to detach it\) in a method of procKept`
	return nil
}

func (p *procKept) Stop() error { return p.proc.Signal(os.Interrupt) }

// The Process is kept and waited for.
type procWaited struct{ proc *os.Process }

func (p *procWaited) Start() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	p.proc = cmd.Process // ok
	return nil
}

func (p *procWaited) Stop() error {
	p.proc.Kill()
	_, err := p.proc.Wait()
	return err
}

// killedThroughLocal copies the field to a local and only kills the
// child: the local is the field's value, not a new owner.
type killedThroughLocal struct{ child *exec.Cmd }

func (k *killedThroughLocal) Start() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	k.child = cmd // want `field child of killedThroughLocal holds the child started by cmd.Start, but no function of the package waits for it`
	return nil
}

func (k *killedThroughLocal) Close() error {
	c := k.child
	if c == nil {
		return nil
	}
	return c.Process.Kill()
}

// waitedInGoroutine waits for its child in a goroutine that Stop starts.
type waitedInGoroutine struct {
	child *exec.Cmd
	done  chan error
}

func (w *waitedInGoroutine) Start() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	w.child = cmd // ok: Stop waits in a goroutine
	return nil
}

func (w *waitedInGoroutine) Stop() {
	w.child.Process.Kill()
	go func() { w.done <- w.child.Wait() }()
}

// waitedThroughInterface waits through an interface that has Wait.
type waitedThroughInterface struct{ child *exec.Cmd }

type waiter interface{ Wait() error }

func (w *waitedThroughInterface) Start() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	w.child = cmd // ok: reap waits for it as a waiter
	return nil
}

func (w *waitedThroughInterface) reap() error {
	var x waiter = w.child
	return x.Wait()
}
