package leakcheck

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// envPrivate names the private TMPDIR of the outermost VerifyTestMain for
// the processes the tests start: a test binary run again as a helper finds
// TMPDIR already private and leaves the temp check to its parent, which sees
// the helper's leftovers at its own end.
const envPrivate = "TMPLINT_LEAKCHECK_TMPDIR"

// private is the TMPDIR that VerifyTestMain made for this process's tests,
// the only temp directory Verify checks: another one is shared with
// processes whose files are not the test's.
var private struct {
	sync.Mutex
	dir string
}

func privateDir() string {
	private.Lock()
	defer private.Unlock()
	return private.dir
}

func setPrivateDir(dir string) {
	private.Lock()
	private.dir = dir
	private.Unlock()
}

// VerifyTestMain runs the package's tests with TMPDIR pointed at a fresh
// private directory and exits: with m.Run's code, or 1 when the tests passed
// but left temp entries, descriptors or child processes behind, each named on
// standard error with its fix. It is meant to be the whole of TestMain, or its
// end; teardown that must happen before the check goes in AfterRun.
func VerifyTestMain(m *testing.M, opts ...Option) {
	os.Exit(runMain(m, os.Stderr, opts))
}

// A TestingM runs a package's tests and returns the exit code, as *testing.M
// does.
type TestingM interface{ Run() int }

// Wrap returns a TestingM whose Run does what VerifyTestMain does, but returns
// the exit code instead of exiting: for a test framework whose main takes the
// m and exits itself, such as testscript.Main(leakcheck.Wrap(m), commands).
// Whatever the framework makes before calling Run (its own temp directory,
// say) is outside the check.
func Wrap(m TestingM, opts ...Option) TestingM {
	return wrapped{m, opts}
}

type wrapped struct {
	m    TestingM
	opts []Option
}

func (w wrapped) Run() int { return runMain(w.m, os.Stderr, w.opts) }

// runMain is VerifyTestMain but for the exit: it returns the exit code.
func runMain(m TestingM, w io.Writer, opts []Option) int {
	c := newConfig(opts)
	name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe"), ".test")
	tmp, restore, err := makePrivate(name)
	if err != nil {
		fmt.Fprintf(w, "leakcheck: %s: temp entries are not checked: %v\n", name, err)
	}
	s := take(tmp)
	for _, n := range s.notes {
		fmt.Fprintf(w, "leakcheck: %s: %s\n", name, n)
	}
	code := m.Run()
	for _, f := range c.afterRun {
		f()
	}
	r := s.check(c)
	if restore != nil {
		if err := restore(); err != nil {
			fmt.Fprintf(w, "leakcheck: %s: the private TMPDIR %s could not be removed: %v\n", name, tmp, err)
		}
	}
	if r.leaked() {
		fmt.Fprintf(w, "leakcheck: %s: the tests left %s behind:\n", name, count(r.count(), "leak"))
		for _, l := range r.lines() {
			fmt.Fprintf(w, "\t%s\n", l)
		}
		if code == 0 {
			code = 1
		}
	}
	return code
}

// makePrivate points the temp directory at a fresh private one and returns it,
// with the function that removes it and restores the environment. A process
// whose TMPDIR is already the private one of a VerifyTestMain that started it
// (a helper run of a test binary) gets "", nil, nil: its parent checks it.
func makePrivate(name string) (string, func() error, error) {
	if p := os.Getenv(envPrivate); p != "" && p == os.TempDir() {
		return "", nil, nil
	}
	pruneStale(os.TempDir())
	// os.MkdirTemp, not fsmode's: fsmode's own tests use this package. Its
	// 0700 can only be narrowed by the umask.
	dir, err := os.MkdirTemp("", privatePrefix+"*")
	if err != nil {
		return "", nil, err
	}
	lock, err := lockDir(dir)
	if err != nil {
		os.Remove(dir)
		return "", nil, err
	}
	outer := privateDir()
	saved := make(map[string]*string)
	for _, v := range append(append([]string(nil), tempVars...), envPrivate) {
		if old, ok := os.LookupEnv(v); ok {
			saved[v] = &old
		} else {
			saved[v] = nil
		}
		os.Setenv(v, dir)
	}
	restore := func() error {
		setPrivateDir(outer)
		for v, old := range saved {
			if old == nil {
				os.Unsetenv(v)
			} else {
				os.Setenv(v, *old)
			}
		}
		err := removeTree(dir)
		if lock != nil {
			lock.Close()
		}
		return err
	}
	if os.TempDir() != dir {
		restore()
		return "", nil, fmt.Errorf("os.TempDir does not follow %s on this platform", tempVars[0])
	}
	setPrivateDir(dir)
	return dir, restore, nil
}

// Verify checks, when the test ends (in a t.Cleanup registered now), that it
// left no descriptors and no child processes behind that were not there when
// Verify was called, and, under VerifyTestMain, no temp entries in the
// package's private TMPDIR. Leaks fail the test with t.Errorf, one line each
// with its fix. Call it first in a test that does not run in parallel with
// others that make such resources: it cannot tell theirs from its own.
func Verify(t testing.TB, opts ...Option) {
	t.Helper()
	c := newConfig(opts)
	tmp := privateDir()
	if tmp == "" || os.TempDir() != tmp {
		tmp = ""
		noteOnce(t, sharedTempNote)
	}
	s := take(tmp)
	for _, n := range s.notes {
		noteOnce(t, n)
	}
	t.Cleanup(func() {
		if r := s.check(c); r.leaked() {
			t.Errorf("leakcheck: the test left %s behind:\n\t%s", count(r.count(), "leak"), strings.Join(r.lines(), "\n\t"))
		}
	})
}

const sharedTempNote = "temp entries are not checked: the temp directory is shared with other " +
	"processes; call leakcheck.VerifyTestMain in TestMain to give the tests a private one"

var noted sync.Map

// noteOnce logs in t a check that cannot run, the first time in this process.
func noteOnce(t testing.TB, msg string) {
	if _, seen := noted.LoadOrStore(msg, true); !seen {
		t.Log("leakcheck: " + msg)
	}
}
