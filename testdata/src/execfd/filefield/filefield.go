// Package filefield: a descriptor that one method opens and keeps in a
// field, and another hands to each child it starts, must be closed by some
// function of the package, or the parent keeps its copy for as long as it
// runs.
package filefield

import (
	"net"
	"os"
	"os/exec"
)

// prefork keeps the listener's descriptor in a slice and hands it to every
// child; nothing ever closes it.
type prefork struct {
	ln       *net.TCPListener
	files    []*os.File
	producer func(files []*os.File) (*exec.Cmd, error)
}

func (p *prefork) listen(addr *net.TCPAddr) error {
	ln, err := net.ListenTCP("tcp", addr)
	if err != nil {
		return err
	}
	p.ln = ln
	f, err := ln.File()
	if err != nil {
		return err
	}
	p.files = []*os.File{f}
	return nil
}

func (p *prefork) spawn() (*exec.Cmd, error) {
	if p.producer != nil {
		return p.producer(p.files) // a callback borrows what the field still holds
	}
	cmd := &exec.Cmd{
		Path:       "/proc/self/exe",
		ExtraFiles: p.files, // want `p.files holds descriptors this package opened \(TCPListener.File in listen\) and hands them to the child here, but no function of the package closes them: the parent keeps its copy of each for as long as it runs; close them once the last child has started`
	}
	return cmd, cmd.Start()
}

// closedInStop closes the kept descriptors when it stops.
type closedInStop struct{ files []*os.File }

func (s *closedInStop) open(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	s.files = append(s.files, f)
	return nil
}

func (s *closedInStop) spawn() error {
	cmd := exec.Command("/bin/child")
	cmd.ExtraFiles = s.files // ok: stop closes them
	return cmd.Run()
}

func (s *closedInStop) stop() {
	for _, f := range s.files {
		f.Close()
	}
	s.files = nil
}

// logFile keeps one file and hands it to the child as its output.
type logFile struct{ out *os.File }

func (l *logFile) open() (err error) {
	l.out, err = os.Create("/var/log/child.log")
	return err
}

func (l *logFile) run() error {
	cmd := exec.Command("/bin/child")
	cmd.Stdout = l.out // want `l.out holds a descriptor this package opened \(os.Create in open\) and hands it to the child here, but no function of the package closes it`
	return cmd.Run()
}

// closedByHelper: a function of the package closes what it is given.
type closedByHelper struct{ out *os.File }

func (c *closedByHelper) open() (err error) {
	c.out, err = os.Create("/var/log/child.log")
	return err
}

func (c *closedByHelper) run() error {
	cmd := exec.Command("/bin/child")
	cmd.Stderr = c.out // ok: shutdown closes it through closeFile
	return cmd.Run()
}

func (c *closedByHelper) shutdown() { closeFile(c.out) }

func closeFile(f *os.File) { f.Close() }

// given: the files come from the caller, who owns them.
type given struct{ files []*os.File }

func newGiven(files []*os.File) *given { return &given{files: files} }

func (g *given) spawn() error {
	cmd := exec.Command("/bin/child")
	cmd.ExtraFiles = g.files // ok: not opened by this package
	return cmd.Run()
}

// handedOut: a method returns the file; its caller may close it.
type handedOut struct{ f *os.File }

func (h *handedOut) open() (err error) {
	h.f, err = os.Open("/etc/hosts")
	return err
}

func (h *handedOut) spawn() error {
	cmd := exec.Command("/bin/child")
	cmd.Stdin = h.f // ok: File hands it on
	return cmd.Run()
}

func (h *handedOut) File() *os.File { return h.f }

// Exported fields may be closed by other packages: not judged.
type Exported struct{ Out *os.File }

func (e *Exported) Open() (err error) {
	e.Out, err = os.Create("/var/log/child.log")
	return err
}

func (e *Exported) Run() error {
	cmd := exec.Command("/bin/child")
	cmd.Stdout = e.Out // ok
	return cmd.Run()
}

// viaInterface: closed through io.Closer.
type viaInterface struct{ out *os.File }

func (v *viaInterface) open() (err error) {
	v.out, err = os.Create("/var/log/child.log")
	return err
}

func (v *viaInterface) run() error {
	cmd := exec.Command("/bin/child")
	cmd.Stdout = v.out // ok: release closes it as an io.Closer
	return cmd.Run()
}

type closer interface{ Close() error }

func (v *viaInterface) release() {
	var c closer = v.out
	c.Close()
}

// terminal: the parent drives the device itself (its Fd for ioctls) and
// hands it to children as their terminal: kept on purpose.
type terminal struct{ f *os.File }

func openTerminal(dev string) (*terminal, error) {
	f, err := os.OpenFile(dev, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	return &terminal{f: f}, nil
}

func (t *terminal) fd() uintptr { return t.f.Fd() }

func (t *terminal) ctty(c *exec.Cmd) {
	c.Stdin, c.Stdout, c.Stderr = t.f, t.f, t.f // ok: the parent uses t.f too
}
