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

// lines returns one message per leak.
func (r *report) lines() []string {
	var out []string
	for _, e := range r.temp {
		out = append(out, e.message())
	}
	for _, d := range r.fds {
		out = append(out, d.message())
	}
	for _, c := range r.children {
		out = append(out, c.message())
	}
	return out
}

const (
	tempFix = "remove it before the test ends: t.TempDir() in a test, a session from " +
		"shim/session (session.New, then its CreateTemp or MkdirTemp, all removed by Close) " +
		"in the code under test; the tempcleanup analyzer reports creations without cleanup"
	childAnalyzer = "the execfd analyzer reports a started command that is not waited on some path"
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
	return fmt.Sprintf("%s left behind: $TMPDIR/%s (%s): %s", what, e.rel, detail, tempFix)
}

func (d descriptor) message() string {
	var why string
	switch {
	case d.inTemp:
		why = "a temp file still open, which also keeps its space after removal; close it " +
			"(the tempcleanup analyzer, -strict, reports a temp *os.File not closed on some path)"
	case strings.HasPrefix(d.target, "pipe"):
		why = "while a write end of a pipe is open its reader never sees EOF; close it, and for a pipe end " +
			"handed to a child use proc.Start from shim/proc, which closes the parent's copy right " +
			"after start (the execfd analyzer reports a file handed to a child and not closed)"
	default:
		why = "close it; for a file handed to a child (cmd.ExtraFiles, cmd.Stdin/Stdout/Stderr) " +
			"proc.Start from shim/proc closes the parent's copy right after start " +
			"(the execfd analyzer reports a file handed to a child and not closed)"
	}
	if !d.cloexec {
		why += "; it is not close-on-exec, so every child started from now on inherits it " +
			"(the cloexec analyzer reports descriptors made without O_CLOEXEC)"
	}
	return fmt.Sprintf("descriptor %d (%s) left open: %s", d.fd, d.target, why)
}

func (c child) message() string {
	if c.state == 'Z' {
		return fmt.Sprintf("child process %d (%s) left as a zombie: it exited and was never waited; "+
			"call cmd.Wait, also after Kill, which does not reap (proc.Start from shim/proc gives "+
			"a command whose cancellation stops its whole process group); %s", c.pid, c.cmdline, childAnalyzer)
	}
	return fmt.Sprintf("child process %d (%s) still running (state %c): stop it and wait for it "+
		"(cmd.Wait), or start it with proc.Start from shim/proc and a context, whose cancellation "+
		"stops its whole process group; %s", c.pid, c.cmdline, c.state, childAnalyzer)
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
