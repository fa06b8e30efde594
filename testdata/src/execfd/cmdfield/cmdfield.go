// Package cmdfield: a command made straight into an unexported field and
// started there is the struct's to wait for.
package cmdfield

import (
	"context"
	"os/exec"
)

type server struct{ cmd *exec.Cmd }

func (s *server) Start() error {
	s.cmd = exec.Command("daemon")
	return s.cmd.Start() // want `field cmd of server holds the child started by s.cmd.Start, but no function of the package waits for it: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); wait for it \(cmd.Wait\) in a method of server, such as its Close or Stop, after it is told to exit \(its input closed, or Kill\): Wait blocks while the child runs`
}

// Stop kills the child but does not reap it.
func (s *server) Stop() error { return s.cmd.Process.Kill() }

type ctxServer struct{ proc *exec.Cmd }

func (s *ctxServer) run(ctx context.Context) error {
	s.proc = exec.CommandContext(ctx, "worker")
	if err := s.proc.Start(); err != nil { // want `field proc of ctxServer holds the child started by s.proc.Start`
		return err
	}
	return nil
}

// Negative cases.

type waited struct{ cmd *exec.Cmd }

func (w *waited) Start() error {
	w.cmd = exec.Command("daemon")
	return w.cmd.Start()
}

func (w *waited) Close() error {
	w.cmd.Process.Kill()
	return w.cmd.Wait()
}

// A field filled from a parameter holds the caller's command.
type given struct{ cmd *exec.Cmd }

func newGiven(cmd *exec.Cmd) *given { return &given{cmd: cmd} }

func (g *given) Start() error { return g.cmd.Start() }

// An exported field is the user's to wait for.
type Exported struct{ Cmd *exec.Cmd }

func (e *Exported) Start() error {
	e.Cmd = exec.Command("daemon")
	return e.Cmd.Start()
}

// Handed on: the caller gets the command.
type handed struct{ cmd *exec.Cmd }

func (h *handed) Start() (*exec.Cmd, error) {
	h.cmd = exec.Command("daemon")
	if err := h.cmd.Start(); err != nil {
		return nil, err
	}
	return h.cmd, nil
}

// Waited through a helper of the package.
type helped struct{ cmd *exec.Cmd }

func (h *helped) Start() error {
	h.cmd = exec.Command("daemon")
	if err := h.cmd.Start(); err != nil {
		return err
	}
	go reap(h.cmd)
	return nil
}

func reap(c *exec.Cmd) { c.Wait() }
