// Package startcloser: a value whose method hands its own files to a
// command (an IO's Set), and whose type has a method that closes exactly
// those copies once the child holds them (CloseAfterStart), must have
// that method called after the start: otherwise the parent keeps the
// write ends of the pipes it reads, and its reads never see EOF.
package startcloser

import (
	"os"
	"os/exec"
)

type IO interface {
	Close() error
	Set(*exec.Cmd)
}

type StartCloser interface {
	CloseAfterStart() error
}

type pipe struct{ r, w *os.File }

// pipeIO hands the child in.r, out.w and err.w; the parent keeps in.w,
// out.r and err.r.
type pipeIO struct{ in, out, err pipe }

func (p *pipeIO) Set(cmd *exec.Cmd) { // want Set:"paramUses"
	cmd.Stdin = p.in.r
	cmd.Stdout = p.out.w
	cmd.Stderr = p.err.w
}

// CloseAfterStart closes the parent's copies of the child's ends.
func (p *pipeIO) CloseAfterStart() error {
	for _, f := range []*os.File{p.out.w, p.err.w} {
		f.Close()
	}
	return nil
}

func (p *pipeIO) Close() error {
	for _, f := range []*os.File{p.in.r, p.in.w, p.out.r, p.out.w, p.err.r, p.err.w} {
		f.Close()
	}
	return nil
}

// nullIO hands the child nothing.
type nullIO struct{}

func (nullIO) Set(*exec.Cmd) {} // want Set:"paramUses"
func (nullIO) Close() error  { return nil }

type Opts struct {
	IO
	Detach bool
}

// Monitor starts and waits for commands; the package's implementation is
// the command's own Start and Wait.
type Monitor interface {
	Start(*exec.Cmd) error
	Wait(*exec.Cmd) error
}

type defaultMonitor struct{}

func (defaultMonitor) Start(c *exec.Cmd) error { return c.Start() } // want Start:"paramUses"
func (defaultMonitor) Wait(c *exec.Cmd) error  { return c.Wait() }  // want Wait:"paramUses"

var monitor Monitor = defaultMonitor{}

func runNotClosed(opts *Opts) error {
	cmd := exec.Command("runc", "restore")
	if opts != nil {
		opts.Set(cmd)
	}
	if err := monitor.Start(cmd); err != nil { // want `opts.Set hands files of opts.IO \(a \*pipeIO\) to the child, but the parent does not close its copies after monitor.Start on some path: the reader of each pipe never sees EOF while the parent holds its write end; call CloseAfterStart on opts.IO \(through a type assertion to an interface that has it\) right after monitor.Start`
		return err
	}
	return monitor.Wait(cmd)
}

func runClosed(opts *Opts) error {
	cmd := exec.Command("runc", "create")
	if opts != nil && opts.IO != nil {
		opts.Set(cmd)
	}
	if err := monitor.Start(cmd); err != nil {
		return err
	}
	if opts != nil && opts.IO != nil {
		if c, ok := opts.IO.(StartCloser); ok {
			if err := c.CloseAfterStart(); err != nil {
				return err
			}
		}
	}
	return monitor.Wait(cmd)
}

func concreteNotClosed(p *pipeIO) error {
	cmd := exec.Command("child")
	p.Set(cmd)
	if err := cmd.Start(); err != nil { // want `p.Set hands files of p \(a \*pipeIO\) to the child, but the parent does not close its copies after Start on some path`
		return err
	}
	return cmd.Wait()
}

func concreteClosed(p *pipeIO) error {
	cmd := exec.Command("child")
	p.Set(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	p.CloseAfterStart()
	return cmd.Wait()
}

func closedOnOnePath(p *pipeIO, quick bool) error {
	cmd := exec.Command("child")
	p.Set(cmd)
	if err := cmd.Start(); err != nil { // want `p.Set hands files of p \(a \*pipeIO\) to the child`
		return err
	}
	if quick {
		return cmd.Wait()
	}
	p.CloseAfterStart()
	return cmd.Wait()
}

// Run waits for the child: the parent's copies live only until then, but
// a reader of the pipe still sees no EOF while they are open.
func runWaited(p *pipeIO) error {
	cmd := exec.Command("child")
	p.Set(cmd)
	return cmd.Run() // want `p.Set hands files of p \(a \*pipeIO\) to the child, but the parent does not close its copies after Run`
}

// A value that hands no file has nothing to close.
func nullSet(n nullIO) error {
	cmd := exec.Command("child")
	n.Set(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Wait()
}

// allIO's only closer closes every end, the parent's too: no method closes
// the child's ends alone, and nothing is suggested.
type allIO struct{ r, w *os.File }

func (a *allIO) Set(cmd *exec.Cmd) { cmd.Stdout = a.w } // want Set:"paramUses"
func (a *allIO) Close() error {
	a.r.Close()
	return a.w.Close()
}

func allSet(a *allIO) error {
	cmd := exec.Command("child")
	a.Set(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	defer a.Close()
	return cmd.Wait()
}

// The caller's IO is given to a command that is never started here.
func setOnly(opts *Opts) *exec.Cmd {
	cmd := exec.Command("child")
	opts.Set(cmd)
	return cmd
}
