// Package proc starts child processes that inherit exactly the descriptors
// they were meant to, and that can be stopped as a whole.
//
// Start wraps (*exec.Cmd).Start:
//
//   - right after a successful start it closes the parent's copies of the
//     files handed to the child (cmd.ExtraFiles, and *os.File values in
//     cmd.Stdin, cmd.Stdout and cmd.Stderr other than the parent's own
//     standard streams): a pipe's write end left open in the parent means
//     the reader never sees EOF, and every other copy is a descriptor leak;
//   - it sets cmd.WaitDelay when unset, so Wait returns even when orphaned
//     grandchildren keep an output pipe open after the command is cancelled;
//   - it marks every descriptor of the process other than 0, 1 and 2
//     close-on-exec before starting, so that the child inherits exactly its
//     standard streams and cmd.ExtraFiles: Go opens its own descriptors that
//     way, but descriptors inherited from the parent's own parent, or made by
//     cgo or raw system calls, would otherwise leak into every child;
//   - it puts the child in its own process group and, for a command made by
//     exec.CommandContext, makes cancellation signal the whole group rather
//     than only the direct child.
//
// StartDetached starts a child meant to outlive the parent: in its own
// session, with any standard stream that is unset or is the parent's own
// connected to the null device instead, so the child does not hold the
// parent's stdout open after the parent exits.
package proc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"
)

// DefaultWaitDelay is the WaitDelay Start sets when the command has none.
const DefaultWaitDelay = 5 * time.Second

// An Option configures Start and StartDetached.
type Option func(*config)

type config struct {
	keep      []*os.File
	waitDelay time.Duration
	signal    os.Signal
}

// Keep leaves these files open in the parent after the start (for a file
// the parent goes on using itself).
func Keep(files ...*os.File) Option {
	return func(c *config) { c.keep = append(c.keep, files...) }
}

// WaitDelay sets cmd.WaitDelay when the command has none (default
// DefaultWaitDelay).
func WaitDelay(d time.Duration) Option { return func(c *config) { c.waitDelay = d } }

// CancelSignal is the signal sent to the child's process group when the
// command's context is done (default: kill). After it, WaitDelay bounds how
// long Wait waits before killing the child and closing the pipes.
func CancelSignal(sig os.Signal) Option { return func(c *config) { c.signal = sig } }

func configure(opts []Option) config {
	c := config{waitDelay: DefaultWaitDelay, signal: os.Kill}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// Start starts cmd as described in the package comment. On success the
// parent's copies of the handed-over files are closed; on failure they are
// left to the caller. The caller waits for the command as usual.
func Start(cmd *exec.Cmd, opts ...Option) error {
	c := configure(opts)
	prepare(cmd, c, false)
	if err := cmd.Start(); err != nil {
		return err
	}
	return closeHandedOver(cmd, c)
}

// StartDetached starts cmd in its own session, as a child that is meant to
// outlive the parent, and returns its pid. Standard streams that are nil or
// the parent's own os.Stdin/os.Stdout/os.Stderr are connected to the null
// device; any other stream must be an *os.File (a detached child must not
// depend on copying goroutines in the parent). The parent's copies of the
// handed-over files are closed, and the child is reaped in the background
// so it never lingers as a zombie.
func StartDetached(cmd *exec.Cmd, opts ...Option) (int, error) {
	c := configure(opts)
	var devnull *os.File
	streams := []struct {
		get  func() any
		set  func(*os.File)
		std  *os.File
		name string
	}{
		{func() any { return cmd.Stdin }, func(f *os.File) { cmd.Stdin = f }, os.Stdin, "stdin"},
		{func() any { return cmd.Stdout }, func(f *os.File) { cmd.Stdout = f }, os.Stdout, "stdout"},
		{func() any { return cmd.Stderr }, func(f *os.File) { cmd.Stderr = f }, os.Stderr, "stderr"},
	}
	for _, s := range streams {
		v := s.get()
		f, isFile := v.(*os.File)
		switch {
		case v == nil || (isFile && (f == nil || f == s.std || isStdFd(f))):
			if devnull == nil {
				var err error
				devnull, err = os.OpenFile(os.DevNull, os.O_RDWR, 0)
				if err != nil {
					return 0, err
				}
			}
			s.set(devnull)
		case !isFile:
			if devnull != nil {
				devnull.Close()
			}
			return 0, fmt.Errorf("proc: detached %s: %s is a %T, not an *os.File", cmd.Path, s.name, v)
		}
	}
	prepare(cmd, c, true)
	if err := cmd.Start(); err != nil {
		if devnull != nil {
			devnull.Close()
		}
		return 0, err
	}
	err := closeHandedOver(cmd, c)
	pid := cmd.Process.Pid
	go cmd.Wait()
	return pid, err
}

func prepare(cmd *exec.Cmd, c config, detach bool) {
	closeOnExecAll()
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = c.waitDelay
	}
	setGroup(cmd, detach)
	if cmd.Cancel != nil { // made by exec.CommandContext
		sig := c.signal
		cmd.Cancel = func() error { return signalGroup(cmd.Process, sig) }
	}
}

// closeHandedOver closes the parent's copies of the files given to the
// child, except the parent's standard streams and kept files.
func closeHandedOver(cmd *exec.Cmd, c config) error {
	var files []*os.File
	files = append(files, cmd.ExtraFiles...)
	for _, v := range []any{cmd.Stdin, cmd.Stdout, cmd.Stderr} {
		if f, ok := v.(*os.File); ok {
			files = append(files, f)
		}
	}
	seen := make(map[*os.File]bool)
	var errs []error
	for _, f := range files {
		if f == nil || seen[f] || f == os.Stdin || f == os.Stdout || f == os.Stderr || isStdFd(f) || kept(c.keep, f) {
			continue
		}
		seen[f] = true
		if err := f.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func kept(keep []*os.File, f *os.File) bool {
	for _, k := range keep {
		if k == f {
			return true
		}
	}
	return false
}
