// Package wrapper defines and uses a command wrapper in one package.
package wrapper

import (
	"errors"
	"io"
	"os/exec"
)

type proc struct { // want proc:"cmdWrapper"
	*exec.Cmd
	in io.WriteCloser
}

func (p *proc) Start() error {
	in, err := p.Cmd.StdinPipe()
	if err != nil {
		return err
	}
	p.in = in
	return p.Cmd.Start()
}

func (p *proc) Wait() error {
	p.in.Close()
	return p.Cmd.Wait()
}

func newProc(name string) *proc { return &proc{Cmd: exec.Command(name)} }

// startOnly drops the child on the error return.
func startOnly(ok func() bool) error {
	p := newProc("worker")
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path: .*call p\.Process\.Kill then p\.Wait`
		return err
	}
	if !ok() {
		return errors.New("handshake failed")
	}
	return p.Wait()
}

// startedThroughEmbedded starts the embedded command itself: the child is
// the wrapper's all the same.
func startedThroughEmbedded(ok func() bool) error {
	p := newProc("worker")
	if err := p.Cmd.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path`
		return err
	}
	if !ok() {
		return errors.New("handshake failed")
	}
	return p.Wait()
}

// waited waits on every path.
func waited(ok func() bool) error {
	p := newProc("worker")
	if err := p.Start(); err != nil {
		return err
	}
	if !ok() {
		p.Process.Kill()
		p.Wait()
		return errors.New("handshake failed")
	}
	return p.Wait()
}

// literal makes the wrapper in place.
func literal() error {
	p := &proc{Cmd: exec.Command("worker")}
	return p.Start() // want `^p\.Start succeeds but the child is not waited on some path`
}

// half has a Start but its Wait does not wait for the command: not a
// wrapper.
type half struct{ *exec.Cmd }

func (h *half) Start() error { return h.Cmd.Start() }
func (h *half) Wait() error  { return nil }

func notAWrapper() error {
	h := &half{Cmd: exec.Command("worker")}
	return h.Start()
}

// closer embeds its command and reaps it in Close.
type closer struct{ *exec.Cmd } // want closer:"cmdWrapper"

func (c *closer) Start() error { return c.Cmd.Start() }
func (c *closer) Wait() error  { return c.Cmd.Wait() }

func (c *closer) Close() error {
	c.Process.Kill()
	return c.Cmd.Wait()
}

// closedByMethod reaps through the deferred Close.
func closedByMethod(bad bool) error {
	c := &closer{exec.Command("x")}
	if err := c.Start(); err != nil {
		return err
	}
	defer c.Close()
	if bad {
		return errors.New("bad")
	}
	return nil
}
