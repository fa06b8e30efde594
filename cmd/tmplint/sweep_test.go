//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/session"
)

// sweepFixture makes, under a temp base, a stale shim session (no lock, two
// hours old, 100 bytes), a live session (lock held by this process), an
// unrelated directory, and an extra directory for --pattern.
type sweepFixture struct {
	base, stale, live, other, extra string
	s                               *session.Session
}

func newSweepFixture(t *testing.T) *sweepFixture {
	t.Helper()
	base := t.TempDir()
	s, err := session.New("tool", session.WithTempDir(base))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	f := &sweepFixture{
		base:  base,
		stale: filepath.Join(base, "tmplint-"+strconv.Itoa(os.Getuid()), "tool", "session-"+strings.Repeat("a", 26)),
		live:  s.Dir(),
		other: filepath.Join(base, "not-ours"),
		extra: filepath.Join(base, "myapp-1"),
		s:     s,
	}
	old := time.Now().Add(-2 * time.Hour)
	for _, d := range []string{f.stale, f.other, f.extra} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "data"), make([]byte, 100), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(filepath.Join(d, "data"), old, old)
		os.Chtimes(d, old, old)
	}
	os.Chtimes(f.live, old, old)
	return f
}

func runSweepTest(t *testing.T, stdin *os.File, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	if stdin == nil {
		var err error
		if stdin, err = os.Open(os.DevNull); err != nil {
			t.Fatal(err)
		}
		defer stdin.Close()
	}
	var out, errb bytes.Buffer
	code = runSweep(args, stdin, &out, &errb)
	return code, out.String(), errb.String()
}

func dirExists(p string) bool { _, err := os.Lstat(p); return err == nil }

// TestSweepDryRun: --dry-run lists the stale session with its size and age,
// reports the live one as skipped and why, removes nothing, exits 0.
func TestSweepDryRun(t *testing.T) {
	f := newSweepFixture(t)
	code, out, errs := runSweepTest(t, nil, "--dry-run", f.base)
	if code != sweepOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "would remove 1 directory, 100 B") || !strings.Contains(out, f.stale) || !strings.Contains(out, "2h0m") {
		t.Errorf("dry-run output:\n%s", out)
	}
	if !strings.Contains(out, f.live+": owner alive (lock held)") {
		t.Errorf("live session not reported as skipped:\n%s", out)
	}
	if strings.Contains(out, f.other) {
		t.Errorf("unrelated dir listed:\n%s", out)
	}
	if !dirExists(f.stale) {
		t.Fatal("dry run removed something")
	}
}

// TestSweepWithoutTerminalIsDryRun: without --force and with stdin not a
// terminal, the sweep lists the plan, says why it removes nothing, and
// exits 0, as a dry run does: a dry run is not an error.
func TestSweepWithoutTerminalIsDryRun(t *testing.T) {
	f := newSweepFixture(t)
	code, out, errs := runSweepTest(t, nil, f.base)
	if code != sweepOK || !strings.Contains(errs, "not removing 1 directory without confirmation: stdin is not a terminal") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, f.stale) || !dirExists(f.stale) {
		t.Fatalf("plan not shown or dir removed:\n%s", out)
	}
}

// TestSweepForceJSON: --force removes the stale session only; --json gives
// the removed list with sizes, the skipped list with reasons, and the
// patterns given after the base (--pattern, repeatable) are honoured.
func TestSweepForceJSON(t *testing.T) {
	f := newSweepFixture(t)
	code, out, errs := runSweepTest(t, nil, "--json", f.base, "--force", "--pattern", "myapp-*", "--pattern=nothing-*")
	if code != sweepOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Removed []struct {
			Path      string `json:"path"`
			SizeBytes int64  `json:"size_bytes"`
			Age       int64  `json:"age_seconds"`
			Kind      string `json:"kind"`
		} `json:"removed"`
		FreedBytes int64 `json:"freed_bytes"`
		Skipped    []struct{ Path, Reason string }
		Failed     []any `json:"failed"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Removed) != 2 || rep.FreedBytes != 200 || rep.Failed == nil || len(rep.Failed) != 0 {
		t.Fatalf("report %+v", rep)
	}
	got := map[string]string{}
	for _, r := range rep.Removed {
		got[r.Path] = r.Kind
		if r.SizeBytes != 100 || r.Age < 7000 {
			t.Errorf("removed entry %+v", r)
		}
	}
	if got[f.stale] != "session" || got[f.extra] != "pattern" {
		t.Errorf("removed %v", got)
	}
	if dirExists(f.stale) || dirExists(f.extra) || !dirExists(f.live) || !dirExists(f.other) {
		t.Error("wrong set removed")
	}
	var sawLive bool
	for _, s := range rep.Skipped {
		sawLive = sawLive || (s.Path == f.live && strings.Contains(s.Reason, "owner alive"))
	}
	if !sawLive {
		t.Errorf("skipped %+v", rep.Skipped)
	}
}

// TestSweepUsage: bad flags and patterns are usage errors (exit 2).
func TestSweepUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--pattern", "*"}, {"--pattern", "../x"}, {"--min-age", "-1h"}, {"a", "b"}, {"--bogus"},
	} {
		if code, _, _ := runSweepTest(t, nil, args...); code != sweepBadUsage {
			t.Errorf("%q: exit %d, want %d", args, code, sweepBadUsage)
		}
	}
	if code, _, errs := runSweepTest(t, nil, "--dry-run", filepath.Join(t.TempDir(), "missing")); code != sweepBadUsage || !strings.Contains(errs, "missing") {
		t.Errorf("missing base: exit %d %q", code, errs)
	}
}

// TestSweepFailureExitsNonZero: as a regular user, a candidate that cannot
// be removed makes the sweep report it and exit 1.
func TestSweepFailureExitsNonZero(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root can remove anything; the library test injects the failure")
	}
	f := newSweepFixture(t)
	sub := filepath.Join(f.stale, "sub")
	os.Mkdir(sub, 0o700)
	os.WriteFile(filepath.Join(sub, "x"), nil, 0o600)
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(filepath.Join(sub, "x"), old, old)
	os.Chtimes(sub, old, old)
	os.Chtimes(f.stale, old, old)
	os.Chmod(sub, 0o500)
	defer os.Chmod(sub, 0o700)
	code, out, _ := runSweepTest(t, nil, "--force", f.base)
	if code != sweepFailed || !strings.Contains(out, "failed 1:") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}
