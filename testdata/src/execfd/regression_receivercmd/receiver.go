// Package regression_receivercmd: a method whose receiver holds the
// command (embedded, in a named field, or a wrapper with its own Start and
// Wait) hands a file it created to the command's child: the parent's copy
// is the method's to close after the start, as for a command parameter
// (issue 25, recall audit shape S16).
package regression_receivercmd

import (
	"os"
	"os/exec"
)

// runner embeds the command.
type runner struct{ *exec.Cmd }

// feed hands the read end of a pipe to the child and never closes it: the
// child never sees EOF while the parent holds it.
func (r *runner) feed(data []byte) error {
	rd, wr, err := os.Pipe()
	if err != nil {
		return err
	}
	r.Stdin = rd
	if err := r.Start(); err != nil { // want `rd is handed to the child but the parent does not close it after Start`
		rd.Close()
		wr.Close()
		return err
	}
	_, err = wr.Write(data)
	wr.Close()
	if werr := r.Wait(); err == nil {
		err = werr
	}
	return err
}

// feedClosed closes its copy right after the start.
func (r *runner) feedClosed(data []byte) error {
	rd, wr, err := os.Pipe()
	if err != nil {
		return err
	}
	r.Stdin = rd // ok: closed after Start
	err = r.Start()
	rd.Close()
	if err != nil {
		wr.Close()
		return err
	}
	_, err = wr.Write(data)
	wr.Close()
	if werr := r.Wait(); err == nil {
		err = werr
	}
	return err
}

// feedHeld hands it through the embedded field by name.
func (r *runner) feedHeld(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	r.Cmd.Stdin = f
	return r.Cmd.Run() // want `f is handed to the child but the parent does not close it after Run`
}

// proc keeps the command in a named field and has no Start or Wait of its
// own.
type proc struct {
	name string
	cmd  *exec.Cmd
}

func (p *proc) logTo(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	p.cmd.Stdout = f
	return p.cmd.Run() // want `f is handed to the child but the parent does not close it after Run`
}

func (p *proc) logToClosed(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	p.cmd.Stdout = f // ok: closed when the method returns
	return p.cmd.Run()
}

// Cmd is a wrapper: its own Start and Wait start and wait for the
// embedded command.
type Cmd struct{ *exec.Cmd } // want Cmd:"cmdWrapper"

func (c *Cmd) Start() error { return c.Cmd.Start() }

func (c *Cmd) Wait() error { return c.Cmd.Wait() }

func (c *Cmd) RunLogged(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	c.Stdout = f
	if err := c.Start(); err != nil { // want `f is handed to the child but the parent does not close it after Start`
		return err
	}
	return c.Wait()
}

// runLogged is the same with the wrapper a parameter: its promoted
// Stdout is the command's.
func runLogged(c *Cmd, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	c.Stdout = f
	if err := c.Start(); err != nil { // want `f is handed to the child but the parent does not close it after Start`
		return err
	}
	return c.Wait()
}

// session keeps the log file it hands to the child, and closes it when
// it waits: the file is handed on to the receiver.
type session struct {
	cmd *exec.Cmd
	log *os.File
}

func (s *session) start(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	s.log = f // ok: kept, closed by close
	s.cmd.Stdout = f
	return s.cmd.Start()
}

func (s *session) close() error {
	s.log.Close()
	return s.cmd.Wait()
}

// holder holds two commands: neither is the receiver's command.
type holder struct {
	a, b *exec.Cmd
}

func (h *holder) run(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	h.a.Stdout = f // ok: not followed, the receiver holds two commands
	return h.a.Run()
}
