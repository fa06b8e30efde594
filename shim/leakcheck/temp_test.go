package leakcheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func noSettle() *config { return newConfig([]Option{Settle(0)}) }

func TestTempFileLeft(t *testing.T) {
	dir := t.TempDir()
	s := take(dir)
	if err := os.WriteFile(filepath.Join(dir, "out-1.json"), []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := s.check(noSettle())
	if len(r.temp) != 1 {
		t.Fatalf("want one temp entry, got %+v", r.temp)
	}
	e := r.temp[0]
	if e.rel != "out-1.json" || e.size != 3 || !e.mode.IsRegular() {
		t.Errorf("entry = %+v", e)
	}
	msg := strings.Join(r.lines(), "\n")
	for _, want := range []string{"temp file left behind: $TMPDIR/out-1.json", "3 bytes", "-rw-", "t.TempDir()", "shim/session", "tempcleanup"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

func TestTempTreeLeft(t *testing.T) {
	dir := t.TempDir()
	s := take(dir)
	work := filepath.Join(dir, "work-7")
	for _, p := range []string{"a/b", "c"} {
		if err := os.MkdirAll(filepath.Join(work, p), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"a/b/x", "a/y", "c/z", "top"} {
		if err := os.WriteFile(filepath.Join(work, p), make([]byte, 100), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	r := s.check(noSettle())
	if len(r.temp) != 1 {
		t.Fatalf("want the tree as one entry, got %+v", r.temp)
	}
	e := r.temp[0]
	if e.files != 4 || e.dirs != 3 || e.size != 400 || len(e.samples) != maxSamples {
		t.Errorf("tree summary = %+v", e)
	}
	msg := strings.Join(r.lines(), "\n")
	for _, want := range []string{"temp directory left behind: $TMPDIR/work-7", "4 files, 3 directories", "400 bytes", "work-7/a", "and 4 more"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

func TestTempRemovedOrThereBefore(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "old"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := take(dir)
	f, err := os.CreateTemp(dir, "x-*")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	os.Remove(f.Name())
	if r := s.check(noSettle()); r.leaked() {
		t.Errorf("released and earlier entries reported: %q", r.lines())
	}
	// Made again under a name that was there at the start: a new entry.
	os.Remove(filepath.Join(dir, "old"))
	if err := os.Mkdir(filepath.Join(dir, "old"), 0o700); err != nil {
		t.Fatal(err)
	}
	if r := s.check(noSettle()); len(r.temp) != 1 {
		t.Errorf("entry made again under an old name not reported: %+v", r.temp)
	}
}

func TestIgnorePath(t *testing.T) {
	dir := t.TempDir()
	s := take(dir)
	os.WriteFile(filepath.Join(dir, "cache.db"), nil, 0o600)
	c := newConfig([]Option{Settle(0), IgnorePath(`^cache\.db$`, "the cache outlives the tests on purpose")})
	r := s.check(c)
	if r.leaked() || len(r.ignored) != 1 || !strings.Contains(r.ignored[0], "on purpose") {
		t.Errorf("ignored entry: leaks %q, ignored %q", r.lines(), r.ignored)
	}
}

func TestIgnoreNeedsReason(t *testing.T) {
	defer func() {
		if p := recover(); p == nil || !strings.Contains(p.(string), "no reason") {
			t.Errorf("IgnoreFD without a reason: panic %v", p)
		}
	}()
	IgnoreFD("pipe", "")
}

func TestRemoveTreeReadOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ro")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o700)
	os.WriteFile(filepath.Join(dir, "sub", "f"), nil, 0o600)
	os.Chmod(filepath.Join(dir, "sub"), 0o500)
	os.Chmod(dir, 0o500)
	if err := removeTree(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(dir); !os.IsNotExist(err) {
		t.Errorf("read-only tree still there: %v", err)
	}
}
