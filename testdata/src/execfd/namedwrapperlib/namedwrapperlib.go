// Package namedwrapperlib defines wrappers that keep their command in a
// named field, for namedwrapperuse: one whose field is exported (a fact,
// another package can stop the child through it) and one whose field is
// not (no fact: another package could not follow the hint).
package namedwrapperlib

import "os/exec"

// Proc keeps its command in an exported field.
type Proc struct { // want Proc:"cmdWrapper"
	Cmd *exec.Cmd
}

func (p *Proc) Start() error { return p.Cmd.Start() }
func (p *Proc) Wait() error  { return p.Cmd.Wait() }

// New is a creator of wrappers.
func New(name string) *Proc { // want New:"cmdCreator"
	return &Proc{Cmd: exec.Command(name)}
}

// Hidden keeps its command in an unexported field.
type Hidden struct {
	cmd *exec.Cmd
}

func (h *Hidden) Start() error { return h.cmd.Start() }
func (h *Hidden) Wait() error  { return h.cmd.Wait() }

// NewHidden makes a Hidden.
func NewHidden(name string) *Hidden {
	return &Hidden{cmd: exec.Command(name)}
}
