// Package regression_genericwrapperlib defines a generic wrapper, judged
// by its declaration: the fact is on its name, which every instance
// shares.
package regression_genericwrapperlib

import "os/exec"

// Proc keeps its command in an exported field and a value of any type.
type Proc[T any] struct { // want Proc:"cmdWrapper"
	Cmd  *exec.Cmd
	Meta T
}

func (p *Proc[T]) Start() error { return p.Cmd.Start() }
func (p *Proc[T]) Wait() error  { return p.Cmd.Wait() }

// New is a creator of wrappers.
func New[T any](name string, meta T) *Proc[T] { // want New:"cmdCreator"
	return &Proc[T]{Cmd: exec.Command(name), Meta: meta}
}

// Slot holds a value of its type parameter: an instance Slot[*exec.Cmd]
// holds a command, but the type is no wrapper (its field's declared type
// is T), so no fact.
type Slot[T any] struct {
	V T
}

func (s *Slot[T]) Start() error { return nil }
func (s *Slot[T]) Wait() error  { return nil }
