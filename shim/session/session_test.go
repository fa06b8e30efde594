package session

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/internal/layout"
)

// readAudit parses an audit file.
func readAudit(t *testing.T, path string) []Event {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var evs []Event
	for line := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var e Event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("audit line %q: %v", line, err)
		}
		evs = append(evs, e)
	}
	return evs
}

func findEvent(evs []Event, event, kind, why, path string) bool {
	for _, e := range evs {
		if e.Event == event && e.Kind == kind && e.Why == why && (path == "" || e.Path == path) {
			return true
		}
	}
	return false
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// TestCloseRemoves: after Close the session directory, its files and its
// lock are gone, the directory was 0700 inside a 0700 per-program base, and
// the audit stream has a create and an exit purge.
func TestCloseRemoves(t *testing.T) {
	tmp := t.TempDir()
	auditPath := filepath.Join(tmp, "audit.jsonl")
	af, err := OpenAuditFile(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	defer af.Close()
	s, err := New("my tool", WithTempDir(tmp), WithAudit(af))
	if err != nil {
		t.Fatal(err)
	}
	dir := s.Dir()
	if filepath.Dir(filepath.Dir(dir)) != layout.Root(tmp) || filepath.Base(filepath.Dir(dir)) != "my_tool" {
		t.Fatalf("session dir %s not under %s/my_tool", dir, layout.Root(tmp))
	}
	f, err := s.CreateTemp("out-*.txt")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	sub, err := s.MkdirTemp("work-*")
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		for p, want := range map[string]os.FileMode{
			layout.Root(tmp): 0o700 | os.ModeDir, filepath.Dir(dir): 0o700 | os.ModeDir,
			dir: 0o700 | os.ModeDir, f.Name(): 0o600, sub: 0o700 | os.ModeDir,
			dir + layout.LockSuffix: 0o600, auditPath: 0o600,
		} {
			if fi, err := os.Lstat(p); err != nil || fi.Mode() != want {
				t.Errorf("%s: %v %v, want %v", p, fi.Mode(), err, want)
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	for _, p := range []string{dir, dir + layout.LockSuffix} {
		if exists(p) {
			t.Errorf("%s still exists after Close", p)
		}
	}
	if _, err := s.CreateTemp("x"); err == nil {
		t.Error("CreateTemp after Close succeeded")
	}
	evs := readAudit(t, auditPath)
	if !findEvent(evs, "create", "session", "", dir) || !findEvent(evs, "purge", "session", WhyExit, dir) {
		t.Errorf("audit events missing: %+v", evs)
	}
	for _, e := range evs {
		if e.ID != s.ID() || e.PID != os.Getpid() || e.UID != os.Getuid() || e.Time.IsZero() {
			t.Errorf("bad event %+v", e)
		}
	}
}

// TestCleanupJSON: a handed-off file's Cleanup marshals to exactly the
// documented object.
func TestCleanupJSON(t *testing.T) {
	c := Cleanup{Command: "rm -f " + ShellQuote("/tmp/x/report.json"), AutoCleanupAfterSeconds: 300, Path: "/tmp/x/report.json"}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"command":"rm -f '/tmp/x/report.json'","auto_cleanup_after_seconds":300}`; got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestHandoff: the handed-off file leaves the session, survives Close,
// lives under a handoff dir until its TTL, and the next session start
// after the TTL prunes it (before the TTL it does not).
func TestHandoff(t *testing.T) {
	tmp := t.TempDir()
	auditPath := filepath.Join(tmp, "audit.jsonl")
	af, _ := OpenAuditFile(auditPath)
	defer af.Close()
	s, err := New("tool", WithTempDir(tmp), WithAudit(af))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(s.Dir(), "report.json")
	if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := s.Handoff(p, 300*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if c.AutoCleanupAfterSeconds != 300 || filepath.Base(c.Path) != "report.json" || c.Command != "rm -f '"+c.Path+"'" {
		t.Fatalf("cleanup %+v", c)
	}
	if _, err := s.Handoff("/etc/passwd", time.Minute); err == nil {
		t.Fatal("handoff of a file outside the session succeeded")
	}
	if _, err := s.Handoff(filepath.Join(s.Dir(), "..", "..", "x"), time.Minute); err == nil {
		t.Fatal("handoff of ../.. succeeded")
	}
	s.Close()
	if b, err := os.ReadFile(c.Path); err != nil || string(b) != "{}" {
		t.Fatalf("handed-off file after Close: %q %v", b, err)
	}
	// A later start before the TTL keeps it; one after the TTL prunes it.
	s2, err := New("other", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
	if !exists(c.Path) {
		t.Fatal("handoff pruned before its TTL")
	}
	later := func() time.Time { return time.Now().Add(301 * time.Second) }
	s3, err := New("other", WithTempDir(tmp), WithAudit(af), func(c *config) { c.now = later })
	if err != nil {
		t.Fatal(err)
	}
	s3.Close()
	if exists(filepath.Dir(c.Path)) {
		t.Fatal("handoff not pruned after its TTL")
	}
	evs := readAudit(t, auditPath)
	if !findEvent(evs, "create", "handoff", "", c.Path) || !findEvent(evs, "purge", "handoff", WhyTTL, filepath.Dir(c.Path)) {
		t.Errorf("handoff audit events missing: %+v", evs)
	}
	var ids []string
	for _, e := range evs {
		if e.Kind == "handoff" {
			ids = append(ids, e.ID)
		}
	}
	if len(ids) != 2 || ids[0] == "" || ids[0] != ids[1] {
		t.Errorf("handoff create and purge events carry ids %q, want the same id", ids)
	}
}

// TestTransient: a transient dir is 0700, purged when its TTL runs out
// (audit why=ttl) and, if still there, with the session (why=exit).
func TestTransient(t *testing.T) {
	tmp := t.TempDir()
	auditPath := filepath.Join(tmp, "audit.jsonl")
	af, _ := OpenAuditFile(auditPath)
	defer af.Close()
	s, err := New("tool", WithTempDir(tmp), WithAudit(af))
	if err != nil {
		t.Fatal(err)
	}
	short, err := s.Transient("short-*", 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	long, err := s.Transient("long-*", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(short.Path()); err != nil || (runtime.GOOS != "windows" && fi.Mode().Perm() != 0o700) {
		t.Fatalf("transient: %v %v", fi, err)
	}
	os.WriteFile(filepath.Join(short.Path(), "f"), []byte("x"), 0o600)
	deadline := time.Now().Add(5 * time.Second)
	for exists(short.Path()) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if exists(short.Path()) {
		t.Fatal("transient not purged after its TTL")
	}
	s.Close()
	if exists(long.Path()) {
		t.Fatal("transient not purged with the session")
	}
	evs := readAudit(t, auditPath)
	var created bool
	for _, e := range evs {
		if e.Event == "create" && e.Kind == "transient" && e.Path == long.Path() {
			created = e.TTLSeconds == 3600 && e.Expires != nil && e.Expires.Equal(long.Expires().UTC().Truncate(0))
		}
	}
	if !created || !findEvent(evs, "purge", "transient", WhyTTL, short.Path()) || !findEvent(evs, "purge", "transient", WhyExit, long.Path()) {
		t.Errorf("transient audit events wrong: %+v", evs)
	}
}

// TestForeignEntriesUntouched: pruning only ever touches the shim's own
// strictly named entries; near-miss names survive.
func TestForeignEntriesUntouched(t *testing.T) {
	tmp := t.TempDir()
	s, err := New("tool", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Dir(s.Dir())
	s.Close()
	keep := []string{"session-foo", "session-0123456789abcdefghijklmnopq-x", "handoff-1-abc", "notes.txt", "session-" + strings.Repeat("w", 26)}
	for _, n := range keep {
		if err := os.Mkdir(filepath.Join(base, n), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-24 * time.Hour)
	for _, n := range keep {
		os.Chtimes(filepath.Join(base, n), old, old)
	}
	s2, err := New("tool", WithTempDir(tmp), func(c *config) { c.now = func() time.Time { return time.Now().Add(1000 * time.Hour) } })
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
	for _, n := range keep {
		if !exists(filepath.Join(base, n)) {
			t.Errorf("%s was pruned", n)
		}
	}
}

// TestStaleTTL: a dead owner's session that asked for a TTL is kept until
// then.
func TestStaleTTL(t *testing.T) {
	tmp := t.TempDir()
	s, err := New("tool", WithTempDir(tmp), WithTTL(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	// Simulate the owner's death: release the lock without removing.
	s.die()
	dir := s.Dir()
	s2, _ := New("tool", WithTempDir(tmp))
	s2.Close()
	if !exists(dir) {
		t.Fatal("dead session pruned before its TTL")
	}
	s3, _ := New("tool", WithTempDir(tmp), func(c *config) { c.now = func() time.Time { return time.Now().Add(2 * time.Hour) } })
	s3.Close()
	if exists(dir) || exists(dir+layout.LockSuffix) {
		t.Fatal("dead session not pruned after its TTL")
	}
}

// TestShellQuote runs the quoted words through sh.
func TestShellQuoteRoundTrip(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	for _, s := range []string{"plain", "with space", "it's", `a"b`, "line\nbreak", "-rf", "$(echo pwned)", "`x`", `back\slash`, "'", "''", ""} {
		out, err := exec.Command("sh", "-c", "printf %s "+ShellQuote(s)).Output()
		if err != nil || string(out) != s {
			t.Errorf("%q: got %q %v", s, out, err)
		}
	}
}

// scanLines returns a reader of a child's stdout lines.
func scanLines(t *testing.T, cmd *exec.Cmd) *bufio.Scanner {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	return bufio.NewScanner(out)
}

// TestBackgroundPrune: with no pruning budget at start, stale sessions are
// still pruned — by the background pruner — while the session lives.
func TestBackgroundPrune(t *testing.T) {
	tmp := t.TempDir()
	var dirs []string
	for range 20 {
		s, err := New("crashed", WithTempDir(tmp))
		if err != nil {
			t.Fatal(err)
		}
		s.die() // the owner "dies"
		dirs = append(dirs, s.Dir())
	}
	s, err := New("tool", WithTempDir(tmp), func(c *config) { c.pruneBudget = 0 })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	deadline := time.Now().Add(10 * time.Second)
	for _, d := range dirs {
		for (exists(d) || exists(d+layout.LockSuffix)) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if exists(d) || exists(d+layout.LockSuffix) {
			t.Fatalf("%s not pruned in the background", d)
		}
	}
	if err := s.PruneError(); err != nil {
		t.Fatal(err)
	}
}

// die releases the session's locks and descriptors as its owner's death
// would, and leaves everything else in place: the session is stale. The base
// directory's descriptor is closed too: a dead owner holds none, and each
// left open was a descriptor leak of the test run.
func (s *Session) die() {
	s.lock.Close()
	if s.dirLock != nil {
		s.dirLock.Close()
	}
	s.base.Close()
}

// TestHandoffExpiresWhileOwnerLives: a handoff's auto_cleanup_after_seconds
// holds while the session that made it is still open: the file is gone
// once its TTL has run out, with a purge event why=ttl naming its create
// event; a handoff whose TTL has run out by Close is removed by Close, and
// one that has not is left for later.
func TestHandoffExpiresWhileOwnerLives(t *testing.T) {
	var buf syncBuffer
	var ahead atomic.Int64 // how far the session's clock is ahead
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(&buf),
		func(c *config) { c.now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) } })
	if err != nil {
		t.Fatal(err)
	}
	handoff := func(ttl time.Duration) Cleanup {
		f, err := s.CreateTemp("out-*")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		c, err := s.Handoff(f.Name(), ttl)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	soon := handoff(time.Second)
	atClose := handoff(time.Hour)
	kept := handoff(3 * time.Hour)
	deadline := time.Now().Add(10 * time.Second)
	for exists(soon.Path) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if exists(soon.Path) {
		t.Errorf("handoff with auto_cleanup_after_seconds=%d still there %v later, its session open", soon.AutoCleanupAfterSeconds, 10*time.Second)
	}
	if !exists(atClose.Path) || !exists(kept.Path) {
		t.Fatal("a handoff removed before its TTL")
	}
	ahead.Store(int64(2 * time.Hour))
	s.Close()
	if exists(atClose.Path) || exists(filepath.Dir(atClose.Path)) {
		t.Error("a handoff expired by Close left after Close")
	}
	if !exists(kept.Path) {
		t.Error("a handoff not yet expired removed by Close")
	}
	evs := readAuditBytes(t, buf.Bytes())
	for _, c := range []Cleanup{soon, atClose} {
		var create string
		ok := false
		for _, e := range evs {
			if e.Kind == "handoff" && e.Path == c.Path && e.Event == "create" {
				create = e.EventID()
			}
			ok = ok || e.Kind == "handoff" && e.Path == c.Path && e.Event == "purge" && e.Why == WhyTTL && e.CreateEvent == create && create != ""
		}
		if !ok {
			t.Errorf("no ttl purge event for %s naming its create event", c.Path)
		}
	}
}
