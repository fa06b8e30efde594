// Package namedwrapper starts commands through a wrapper that keeps its
// command in a named field, with its own Start and Wait: a local wrapper
// made by a creator of the package is followed like an *exec.Cmd, and the
// hint stops the child through the field.
package namedwrapper

import (
	"bufio"
	"errors"
	"io"
	"os/exec"
)

// proc keeps its command in a named field.
type proc struct {
	cmd   *exec.Cmd
	pipes []io.Closer
}

func (p *proc) Start() error { return p.cmd.Start() }

func (p *proc) StdoutPipe() (io.ReadCloser, error) {
	r, err := p.cmd.StdoutPipe()
	p.pipes = append(p.pipes, r)
	return r, err
}

func (p *proc) Wait() error {
	for _, c := range p.pipes {
		c.Close()
	}
	return p.cmd.Wait()
}

func newProc(name string, args ...string) *proc {
	return &proc{cmd: exec.Command(name, args...)}
}

// lines returns from the scan loop without a Wait.
func lines(name string) ([]string, error) {
	p := newProc(name)
	out, err := p.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path: .*call p\.cmd\.Process\.Kill then p\.cmd\.Wait`
		return nil, err
	}
	var ls []string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if sc.Text() == "" {
			return nil, errors.New("empty line")
		}
		ls = append(ls, sc.Text())
	}
	return ls, p.Wait()
}

// linesWaited waits on every path after the start.
func linesWaited(name string) ([]string, error) {
	p := newProc(name)
	out, err := p.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.Start(); err != nil {
		return nil, err
	}
	var ls []string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		ls = append(ls, sc.Text())
	}
	return ls, p.Wait()
}

// killedOnly kills the child through the field on the error path but
// never reaps it.
func killedOnly(name string, bad bool) error {
	p := newProc(name)
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path \(Process\.Kill and Signal do not reap it\)`
		return err
	}
	if bad {
		p.cmd.Process.Kill()
		return errors.New("bad")
	}
	return p.Wait()
}

// killedAndReaped kills the child through the field, then waits for it.
func killedAndReaped(name string, bad bool) error {
	p := newProc(name)
	if err := p.Start(); err != nil {
		return err
	}
	if bad {
		p.cmd.Process.Kill()
		p.cmd.Wait()
		return errors.New("bad")
	}
	return p.Wait()
}

// twoCmds holds two commands in named fields: which one Start starts is
// not a single held command, and it is not a wrapper.
type twoCmds struct {
	a, b *exec.Cmd
}

func (t *twoCmds) Start() error { return t.a.Start() }
func (t *twoCmds) Wait() error  { return t.a.Wait() }

func newTwo() *twoCmds { return &twoCmds{a: exec.Command("a"), b: exec.Command("b")} }

func two(bad bool) error {
	t := newTwo()
	if err := t.Start(); err != nil {
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return t.Wait()
}

// startGiven starts the wrapper it was given, then returns an error with
// the child unwaited: the caller has no reason to wait.
func startGiven(p *proc, ready func() error) error {
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but a later error is returned without waiting for the child: .*call p\.cmd\.Process\.Kill then p\.cmd\.Wait before returning the error`
		return err
	}
	if err := ready(); err != nil {
		return err
	}
	return nil
}

// startGivenReaped stops and reaps the child before the error return.
func startGivenReaped(p *proc, ready func() error) error {
	if err := p.Start(); err != nil {
		return err
	}
	if err := ready(); err != nil {
		p.cmd.Process.Kill()
		p.Wait()
		return err
	}
	return nil
}

// server is a wrapper with a Close that stops and reaps the child, and a
// stop that closes it.
type server struct{ cmd *exec.Cmd }

func (s *server) Start() error { return s.cmd.Start() }
func (s *server) Wait() error  { return s.cmd.Wait() }

func (s *server) Close() error {
	s.cmd.Process.Kill()
	return s.cmd.Wait()
}

func (s *server) stop() { s.Close() }

// kill only kills.
func (s *server) kill() { s.cmd.Process.Kill() }

func newServer() *server { return &server{cmd: exec.Command("srv")} }

// closedDeferred reaps through the deferred Close.
func closedDeferred(bad bool) error {
	s := newServer()
	if err := s.Start(); err != nil {
		return err
	}
	defer s.Close()
	if bad {
		return errors.New("bad")
	}
	return nil
}

// stopped reaps through stop, which closes.
func stopped(bad bool) error {
	s := newServer()
	if err := s.Start(); err != nil {
		return err
	}
	if bad {
		s.stop()
		return errors.New("bad")
	}
	return s.Wait()
}

// killed only kills through the method.
func killed(bad bool) error {
	s := newServer()
	if err := s.Start(); err != nil { // want `^s\.Start succeeds but the child is not waited on some path`
		return err
	}
	if bad {
		s.kill()
		return errors.New("bad")
	}
	return s.Wait()
}
