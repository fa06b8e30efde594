package leakcheck

import (
	"fmt"
	"io/fs"
	"strings"
)

// kind is the kind of resource a leak is.
type kind int

const (
	kindTemp kind = iota
	kindFD
	kindChild
)

// A tempEntry is a file, directory or other entry left in the temp directory.
type tempEntry struct {
	rel     string      // path relative to the temp directory, slash-separated
	mode    fs.FileMode // type and permission bits, not followed through a symlink
	size    int64       // bytes: of the file, or of all files of a tree
	files   int         // a tree: files (and other non-directories) below it
	dirs    int         // a tree: directories below it
	samples []string    // a tree: a few of its paths, relative to the temp directory
}

// A descriptor is an open file descriptor.
type descriptor struct {
	fd      int
	target  string // what it refers to, as the platform names it
	inTemp  bool   // target is inside the watched temp directory
	cloexec bool   // FD_CLOEXEC is set
}

// A child is a child process of the test binary.
type child struct {
	pid     int
	start   uint64 // start time in clock ticks after boot (Linux), to tell a reused pid
	state   byte   // R, S, D, T, Z, … as ps and /proc/PID/stat show it
	cmdline string
}

// A report is what a check found.
type report struct {
	temp     []tempEntry
	fds      []descriptor
	children []child
	ignored  []string // each leak left out, with the reason
	notes    []string // checks that could not run, and why
}

func (r *report) leaked() bool {
	return len(r.temp)+len(r.fds)+len(r.children) > 0
}

// lines returns one line per leak, naming it, followed by the fix for each
// kind of leak found, once: fifteen sockets left by one helper need the
// advice once.
func (r *report) lines() []string {
	var out, hints []string
	seen := make(map[string]bool)
	add := func(line string, hs ...string) {
		out = append(out, line)
		for _, h := range hs {
			if !seen[h] {
				seen[h] = true
				hints = append(hints, h)
			}
		}
	}
	for _, e := range r.temp {
		add(e.message(), tempFix)
	}
	for _, d := range r.fds {
		add(d.message(), d.hints()...)
	}
	for _, c := range r.children {
		add(c.message(), c.hint())
	}
	return append(out, hints...)
}

// count of leaks in a report.
func (r *report) count() int { return len(r.temp) + len(r.fds) + len(r.children) }

const (
	tempFix = "fix: remove temp entries before the test ends: t.TempDir() in a test, a session " +
		"from shim/session (session.New, then its CreateTemp or MkdirTemp, all removed by Close) " +
		"in the code under test; the tempcleanup analyzer reports creations without cleanup"
	tempFDFix = "fix: close a temp file when done with it: an open one keeps its space after removal " +
		"(the tempcleanup analyzer, -strict, reports a temp *os.File not closed on some path)"
	pipeFix = "fix: close pipe ends: while a write end is open, its reader never sees EOF; for a " +
		"pipe end handed to a child, proc.Start from shim/proc closes the parent's copy right " +
		"after start (the execfd analyzer reports a file handed to a child and not closed)"
	fdFix = "fix: close descriptors when done; for a file handed to a child (cmd.ExtraFiles, " +
		"cmd.Stdin/Stdout/Stderr), proc.Start from shim/proc closes the parent's copy right after " +
		"start (the execfd analyzer reports a file handed to a child and not closed)"
	cloexecFix = "fix: a descriptor without close-on-exec leaks into every child started while it is " +
		"open: create it with O_CLOEXEC (the cloexec analyzer reports raw system calls without it)"
	zombieFix = "fix: wait for every child (cmd.Wait), also after Kill, which does not reap; a child " +
		"meant to outlive its parent is started with proc.StartDetached from shim/proc, which reaps " +
		"it; the execfd analyzer reports a started command that is not waited on some path"
	runningFix = "fix: stop and wait for children before the test ends, or start them with " +
		"proc.Start from shim/proc and a context, whose cancellation stops the whole process " +
		"group; the execfd analyzer reports a started command that is not waited on some path"
)

func (e tempEntry) message() string {
	what := "temp file"
	var detail string
	switch {
	case e.mode.IsDir():
		what = "temp directory"
		detail = fmt.Sprintf("%s, %s, %s, %s", e.mode, count(e.files, "file"), count(e.dirs, "directory"), size(e.size))
		if len(e.samples) > 0 {
			more := ""
			if n := e.files + e.dirs - len(e.samples); n > 0 {
				more = fmt.Sprintf(" and %d more", n)
			}
			detail += "; holds " + strings.Join(e.samples, ", ") + more
		}
	case e.mode&fs.ModeSymlink != 0:
		what = "temp symlink"
		detail = e.mode.String()
	case e.mode.IsRegular():
		detail = fmt.Sprintf("%s, %s", e.mode, size(e.size))
	default:
		what = "temp " + typeName(e.mode)
		detail = e.mode.String()
	}
	return fmt.Sprintf("%s left behind: $TMPDIR/%s (%s)", what, e.rel, detail)
}

func (d descriptor) message() string {
	what := "descriptor"
	switch {
	case d.inTemp:
		what = "temp file descriptor"
	case strings.HasPrefix(d.target, "pipe"):
		what = "pipe descriptor"
	}
	msg := fmt.Sprintf("%s %d (%s) left open", what, d.fd, d.target)
	if !d.cloexec {
		msg += ", not close-on-exec: every child started from now on inherits it"
	}
	return msg
}

func (d descriptor) hints() []string {
	h := fdFix
	switch {
	case d.inTemp:
		h = tempFDFix
	case strings.HasPrefix(d.target, "pipe"):
		h = pipeFix
	}
	if !d.cloexec {
		return []string{h, cloexecFix}
	}
	return []string{h}
}

func (c child) message() string {
	if c.state == 'Z' {
		return fmt.Sprintf("child process %d (%s) left as a zombie: it exited and was never waited", c.pid, c.cmdline)
	}
	return fmt.Sprintf("child process %d (%s) still running (state %c)", c.pid, c.cmdline, c.state)
}

func (c child) hint() string {
	if c.state == 'Z' {
		return zombieFix
	}
	return runningFix
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if what == "directory" {
		return fmt.Sprintf("%d directories", n)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func size(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	default:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
}

func typeName(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "entry"
}
