// Package regression_genericwrapper starts commands through generic
// wrappers, of this package and of another: a wrapper's Start, Wait and
// other waiting methods are read on the generic type's own methods, and
// its held command is the field of its declaration. A type whose field is
// typed by a type parameter is not a wrapper, whatever its instance.
// Positive and negative cases side by side.
package regression_genericwrapper

import (
	"errors"
	"os/exec"

	lib "execfd/regression_genericwrapperlib"
)

// proc keeps its command in a named field, next to a value of any type.
type proc[T any] struct {
	cmd  *exec.Cmd
	meta T
}

func (p *proc[T]) Start() error { return p.cmd.Start() }
func (p *proc[T]) Wait() error  { return p.cmd.Wait() }

// Stop kills the child and reaps it.
func (p *proc[T]) Stop() error {
	p.cmd.Process.Kill()
	return p.cmd.Wait()
}

// Kill only kills it.
func (p *proc[T]) Kill() error { return p.cmd.Process.Kill() }

func newProc[T any](name string, meta T) *proc[T] {
	return &proc[T]{cmd: exec.Command(name), meta: meta}
}

func notWaited(bad bool) error {
	p := newProc("x", 1)
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path: .*call p\.cmd\.Process\.Kill then p\.cmd\.Wait`
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return p.Wait()
}

func waited(bad bool) error {
	p := newProc[string]("x", "meta")
	if err := p.Start(); err != nil {
		return err
	}
	if bad {
		p.Stop() // kills and waits
		return errors.New("bad")
	}
	return p.Wait()
}

func killedOnly(bad bool) error {
	p := newProc("x", 1.5)
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path`
		return err
	}
	if bad {
		p.Kill()
		return errors.New("bad")
	}
	return p.Wait()
}

// slot's field is typed by its type parameter: slot[*exec.Cmd] holds a
// command, but the type is no wrapper.
type slot[T any] struct{ v T }

func (s *slot[T]) Start() error { return nil }
func (s *slot[T]) Wait() error  { return nil }

func slotStarted(bad bool) error {
	s := &slot[*exec.Cmd]{v: exec.Command("x")}
	if err := s.Start(); err != nil { // ok: not a wrapper
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return s.Wait()
}

func imported(bad bool) error {
	p := lib.New("x", 1)
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path: .*call p\.Cmd\.Process\.Kill then p\.Cmd\.Wait`
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return p.Wait()
}

func importedWaited() error {
	p := lib.New[int]("x", 1)
	if err := p.Start(); err != nil {
		return err
	}
	return p.Wait()
}

func importedSlot(bad bool) error {
	s := &lib.Slot[*exec.Cmd]{V: exec.Command("x")}
	if err := s.Start(); err != nil { // ok: not a wrapper
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return s.Wait()
}
