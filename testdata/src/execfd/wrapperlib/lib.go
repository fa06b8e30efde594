// Package wrapperlib defines a command wrapper (git-lfs's subprocess.Cmd)
// for wrapperuse, which knows it by a fact.
package wrapperlib

import (
	"io"
	"os/exec"
)

// Cmd wraps a command: its Wait closes the pipes it handed out, then waits.
type Cmd struct { // want Cmd:"cmdWrapper"
	*exec.Cmd

	pipes []io.Closer
}

func (c *Cmd) Start() error { return c.Cmd.Start() }

func (c *Cmd) StdoutPipe() (io.ReadCloser, error) {
	stdout, err := c.Cmd.StdoutPipe()
	c.pipes = append(c.pipes, stdout)
	return stdout, err
}

func (c *Cmd) Wait() error {
	for _, p := range c.pipes {
		p.Close()
	}
	return c.Cmd.Wait()
}

func newCmd(cmd *exec.Cmd) *Cmd {
	wrapped := &Cmd{Cmd: cmd}
	return wrapped
}

// ExecCommand is a creator of wrappers: its caller owns the command.
func ExecCommand(name string, arg ...string) (*Cmd, error) { // want ExecCommand:"cmdCreator"
	cmd := exec.Command(name, arg...)
	var err error
	cmd.Path, err = exec.LookPath(name)
	if err != nil {
		return nil, err
	}
	return newCmd(cmd), nil
}

// Traced embeds a command but its Wait does not wait for it: not a
// wrapper, its children are its own business.
type Traced struct {
	*exec.Cmd
}

func (t *Traced) Start() error { return t.Cmd.Start() }

func (t *Traced) Wait() error { return nil }

func NewTraced(name string) *Traced { return &Traced{Cmd: exec.Command(name)} }
