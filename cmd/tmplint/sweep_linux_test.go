package main

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY returns the two ends of a new pseudo-terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

// TestSweepConfirmOnTerminal: on a terminal the sweep asks; "n" removes
// nothing and exits 0 (a dry run), "y" removes the stale session and exits 0.
func TestSweepConfirmOnTerminal(t *testing.T) {
	f := newSweepFixture(t)
	for _, c := range []struct {
		answer string
		code   int
		gone   bool
	}{{"n\n", sweepOK, false}, {"\n", sweepOK, false}, {"y\n", sweepOK, true}} {
		m, s := openPTY(t)
		m.WriteString(c.answer)
		code, _, errs := runSweepTest(t, s, f.base)
		if code != c.code || dirExists(f.stale) == c.gone {
			t.Errorf("answer %q: exit %d, gone %v\n%s", c.answer, code, !dirExists(f.stale), errs)
		}
		if !strings.Contains(errs, "remove 1 directory (100 B)? [y/N]") {
			t.Errorf("no prompt: %q", errs)
		}
	}
}
