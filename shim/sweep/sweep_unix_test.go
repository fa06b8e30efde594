//go:build unix

package sweep

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/internal/layout"
	"github.com/tmplint/tmplint/shim/internal/osx"
	"github.com/tmplint/tmplint/shim/session"
)

type fixture struct {
	t    testing.TB
	base string
	prog string
}

func newFixture(t testing.TB) *fixture {
	base := t.TempDir()
	prog := filepath.Join(layout.Root(base), "tool")
	if err := os.MkdirAll(prog, 0o700); err != nil {
		t.Fatal(err)
	}
	os.Chmod(layout.Root(base), 0o700)
	return &fixture{t: t, base: base, prog: prog}
}

// session makes a session directory with a 100-byte file and its lock file,
// aged age; when alive, the returned file holds its lock (close it to
// "kill" the owner).
func (f *fixture) session(alive bool, age time.Duration) (string, *os.File) {
	f.t.Helper()
	dir := filepath.Join(f.prog, layout.SessionName(layout.NewID()))
	f.mkTree(dir)
	lock, err := os.OpenFile(dir+layout.LockSuffix, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		f.t.Fatal(err)
	}
	fmt.Fprintf(lock, `{"pid":%d}`, os.Getpid())
	if alive {
		if ok, err := osx.TryLock(lock); !ok || err != nil {
			f.t.Fatal("cannot lock", err)
		}
	} else {
		lock.Close()
		lock = nil
	}
	backdate(f.t, dir, age)
	return dir, lock
}

func (f *fixture) mkTree(dir string) {
	f.t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o700); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "data"), make([]byte, 100), 0o600); err != nil {
		f.t.Fatal(err)
	}
}

// backdate sets the modification time of every entry of the tree (links
// included, not followed) to age ago.
func backdate(t testing.TB, root string, age time.Duration) {
	t.Helper()
	tv := unix.NsecToTimeval(time.Now().Add(-age).UnixNano())
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return unix.Lutimes(p, []unix.Timeval{tv, tv})
	})
	if err != nil {
		t.Fatal(err)
	}
}

func scan(t *testing.T, opts Options) *Plan {
	t.Helper()
	if opts.MinAge == 0 {
		opts.MinAge = time.Hour
	}
	p, err := Scan(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func paths(cs []*Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Path)
	}
	return out
}

func skipReason(skips []Skip, path string) string {
	for _, s := range skips {
		if s.Path == path {
			return s.Reason
		}
	}
	return ""
}

func exists(p string) bool { _, err := os.Lstat(p); return err == nil }

// TestDefaultPatterns: by default only the shim's own directories match:
// the stale session (owner dead, old) is a candidate with its size and age;
// the live one, the young one and the unexpired handoff are skipped with
// their reasons; near-miss names and other directories are not even
// considered; after Execute only the candidate (and its lock) is gone.
func TestDefaultPatterns(t *testing.T) {
	f := newFixture(t)
	stale, _ := f.session(false, 2*time.Hour)
	live, lock := f.session(true, 2*time.Hour)
	defer lock.Close()
	young, _ := f.session(false, time.Minute)
	expired := filepath.Join(f.prog, layout.HandoffName(time.Now().Add(-time.Minute), layout.NewID()))
	f.mkTree(expired)
	backdate(t, expired, 2*time.Hour)
	pending := filepath.Join(f.prog, layout.HandoffName(time.Now().Add(time.Hour), layout.NewID()))
	f.mkTree(pending)
	backdate(t, pending, 2*time.Hour)
	others := []string{filepath.Join(f.prog, "session-foo"), filepath.Join(f.base, "go-build123"), filepath.Join(f.base, layout.SessionName(layout.NewID()))}
	for _, o := range others {
		f.mkTree(o)
		backdate(t, o, 48*time.Hour)
	}

	p := scan(t, Options{Base: f.base})
	if got := paths(p.Candidates); len(got) != 2 || got[0] != expired || got[1] != stale {
		t.Fatalf("candidates %v, want [%s %s]", got, expired, stale)
	}
	for _, c := range p.Candidates {
		if c.SizeBytes != 100 || c.Entries != 2 || c.Age() < 2*time.Hour-time.Minute {
			t.Errorf("%s: size %d entries %d age %v", c.Path, c.SizeBytes, c.Entries, c.Age())
		}
	}
	if p.Candidates[1].Owner != OwnerDead || p.Candidates[0].Owner != OwnerExpired {
		t.Errorf("owner states %s %s", p.Candidates[0].Owner, p.Candidates[1].Owner)
	}
	for path, want := range map[string]string{live: "owner alive", young: "too young", pending: "handoff not expired"} {
		if r := skipReason(p.Skipped, path); !strings.Contains(r, want) {
			t.Errorf("%s: skip reason %q, want %q", path, r, want)
		}
	}
	for _, o := range others {
		if r := skipReason(p.Skipped, o); r != "" {
			t.Errorf("%s was considered (%s)", o, r)
		}
	}
	res := p.Execute()
	if len(res.Removed) != 2 || len(res.Failed) != 0 || res.FreedBytes != 200 {
		t.Fatalf("result %+v", res)
	}
	if exists(stale) || exists(stale+layout.LockSuffix) || exists(expired) {
		t.Error("candidate left behind")
	}
	for _, k := range append([]string{live, live + layout.LockSuffix, young, pending}, others...) {
		if !exists(k) {
			t.Errorf("%s removed", k)
		}
	}
}

// TestRealSessions: sessions made by the session package itself are found
// by the default patterns (and a live one is not).
func TestRealSessions(t *testing.T) {
	base := t.TempDir()
	s, err := session.New("real", session.WithTempDir(base))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := scan(t, Options{Base: base, MinAge: time.Nanosecond})
	if len(p.Candidates) != 0 || !strings.Contains(skipReason(p.Skipped, s.Dir()), "owner alive") {
		t.Fatalf("live session: candidates %v skipped %v", paths(p.Candidates), p.Skipped)
	}
}

// TestExtraPattern: --pattern globs add candidates (any level, '/' between
// levels); a sibling NAME.lock that is held keeps a match alive.
func TestExtraPattern(t *testing.T) {
	f := newFixture(t)
	a := filepath.Join(f.base, "myapp-123")
	b := filepath.Join(f.base, "cache", "job-7")
	held := filepath.Join(f.base, "myapp-456")
	for _, d := range []string{a, b, held} {
		f.mkTree(d)
	}
	lock, err := fsmode.Create(held+".lock", 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	osx.TryLock(lock)
	for _, d := range []string{a, b, held, held + ".lock"} {
		backdate(t, d, 3*time.Hour)
	}
	p := scan(t, Options{Base: f.base, Patterns: []string{"myapp-*", "cache/job-*"}})
	if got := paths(p.Candidates); len(got) != 2 || got[0] != b || got[1] != a {
		t.Fatalf("candidates %v", got)
	}
	if p.Candidates[1].Owner != OwnerNoLock {
		t.Errorf("owner %s", p.Candidates[1].Owner)
	}
	if r := skipReason(p.Skipped, held); !strings.Contains(r, "owner alive") {
		t.Errorf("held: %q", r)
	}
	if r := skipReason(p.Skipped, held+".lock"); !strings.Contains(r, "not a directory") {
		t.Errorf("lock file: %q", r)
	}
}

func TestCheckPattern(t *testing.T) {
	for _, bad := range []string{"", "*", "/tmp/x*", "../x*", "a//b", "./x", "[", "a/../b"} {
		if CheckPattern(bad) == nil {
			t.Errorf("pattern %q accepted", bad)
		}
	}
	for _, good := range []string{"myapp-*", "go-build[0-9]*", "cache/*", "a/b/c-?"} {
		if err := CheckPattern(good); err != nil {
			t.Errorf("pattern %q: %v", good, err)
		}
	}
}

// outside makes a directory outside the base with a file, to be pointed at
// by planted links; check reports whether it is intact.
func outside(t *testing.T) (dir string, check func()) {
	dir = t.TempDir()
	file := filepath.Join(dir, "precious")
	if err := os.WriteFile(file, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, func() {
		t.Helper()
		if b, err := os.ReadFile(file); err != nil || string(b) != "keep" {
			t.Fatalf("outside file damaged: %q %v", b, err)
		}
	}
}

// TestSymlinkAsCandidate: a symbolic link named like a session (to a
// directory outside), and a program directory that is a link to a
// directory full of session-named dirs, are skipped as links and never
// followed.
func TestSymlinkAsCandidate(t *testing.T) {
	f := newFixture(t)
	out, check := outside(t)
	link := filepath.Join(f.prog, layout.SessionName(layout.NewID()))
	if err := os.Symlink(out, link); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(out, layout.SessionName(layout.NewID()))
	f.mkTree(victim)
	backdate(t, victim, 5*time.Hour)
	progLink := filepath.Join(layout.Root(f.base), "evil")
	if err := os.Symlink(out, progLink); err != nil {
		t.Fatal(err)
	}
	p := scan(t, Options{Base: f.base, Patterns: []string{"tmplint-*/*/*"}})
	res := p.Execute()
	check()
	if !exists(victim) {
		t.Fatal("a session-named dir reached through a link was removed")
	}
	if len(res.Removed) != 0 {
		t.Errorf("removed %v", paths(res.Removed))
	}
	for _, l := range []string{link, progLink} {
		if r := skipReason(res.Skipped, l); !strings.Contains(r, "symbolic link") {
			t.Errorf("%s: skip reason %q", l, r)
		}
	}
}

// TestSymlinkInsideCandidate: links inside a candidate (to a directory and a
// file outside) are removed as links; what they point at survives.
func TestSymlinkInsideCandidate(t *testing.T) {
	f := newFixture(t)
	out, check := outside(t)
	dir, _ := f.session(false, 0)
	os.Symlink(out, filepath.Join(dir, "to-dir"))
	os.Symlink(filepath.Join(out, "precious"), filepath.Join(dir, "sub", "to-file"))
	os.Symlink(out, filepath.Join(dir, "sub", "to-dir-2"))
	backdate(t, dir, 2*time.Hour)
	res := scan(t, Options{Base: f.base}).Execute()
	if len(res.Removed) != 1 || exists(dir) {
		t.Fatalf("candidate not removed: %+v", res)
	}
	check()
}

// TestSwapToSymlinkBeforeRemove: right after the re-checks, the candidate
// is renamed away and a link to an outside directory put in its place (and
// in another run, a subdirectory inside it is swapped for a link): the
// removal unlinks the link, never what it points at.
func TestSwapToSymlinkBeforeRemove(t *testing.T) {
	for _, inner := range []bool{false, true} {
		t.Run(fmt.Sprintf("inner=%v", inner), func(t *testing.T) {
			f := newFixture(t)
			out, check := outside(t)
			dir, _ := f.session(false, 2*time.Hour)
			testHookBeforeRemove = func(path string) {
				target := path
				if inner {
					target = filepath.Join(path, "sub")
				}
				if err := os.Rename(target, target+".moved"); err != nil {
					t.Error(err)
				}
				if err := os.Symlink(out, target); err != nil {
					t.Error(err)
				}
			}
			defer func() { testHookBeforeRemove = nil }()
			res := scan(t, Options{Base: f.base}).Execute()
			check()
			if exists(dir) && !inner {
				t.Error("planted link left in place")
			}
			_ = res
		})
	}
}

// TestTouchedSinceScan: a file written into a candidate between the scan
// and the removal makes the sweep skip it ("modified since the scan").
func TestTouchedSinceScan(t *testing.T) {
	f := newFixture(t)
	dir, _ := f.session(false, 2*time.Hour)
	p := scan(t, Options{Base: f.base})
	if len(p.Candidates) != 1 {
		t.Fatal("no candidate")
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "data"), []byte("fresh"), 0o600); err != nil {
		t.Fatal(err)
	}
	res := p.Execute()
	if len(res.Removed) != 0 || !strings.Contains(skipReason(res.Skipped, dir), "modified since the scan") {
		t.Fatalf("touched candidate: %+v", res)
	}
	if !exists(dir) {
		t.Fatal("touched candidate removed")
	}
}

// TestOwnerBackBeforeRemove: a candidate whose lock is taken between the
// scan and the removal is skipped; one replaced by another directory of the
// same name is skipped too.
func TestOwnerBackBeforeRemove(t *testing.T) {
	f := newFixture(t)
	dir, _ := f.session(false, 2*time.Hour)
	dir2, _ := f.session(false, 2*time.Hour)
	p := scan(t, Options{Base: f.base})
	lock, err := os.Open(dir + layout.LockSuffix)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	osx.TryLock(lock)
	os.Rename(dir2, dir2+".old")
	f.mkTree(dir2)
	backdate(t, dir2, 2*time.Hour)
	res := p.Execute()
	if r := skipReason(res.Skipped, dir); !strings.Contains(r, "owner alive") || !strings.Contains(r, "at removal time") {
		t.Errorf("revived owner: %q", r)
	}
	if r := skipReason(res.Skipped, dir2); !strings.Contains(r, "replaced since the scan") {
		t.Errorf("replaced: %q", r)
	}
	if !exists(dir) || !exists(dir2) {
		t.Error("removed anyway")
	}
}

// TestForeignOwned: as root, a candidate owned by another user, or one that
// contains another user's file, is skipped with the reason.
func TestForeignOwned(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to chown")
	}
	f := newFixture(t)
	a, _ := f.session(false, 2*time.Hour)
	b, _ := f.session(false, 2*time.Hour)
	os.Lchown(a, 65534, 65534)
	os.Lchown(filepath.Join(b, "sub", "data"), 65534, 65534)
	res := scan(t, Options{Base: f.base}).Execute()
	if r := skipReason(res.Skipped, a); !strings.Contains(r, "owned by uid 65534") {
		t.Errorf("foreign dir: %q", r)
	}
	if r := skipReason(res.Skipped, b); !strings.Contains(r, "contains sub/data owned by uid 65534") {
		t.Errorf("foreign content: %q", r)
	}
	if !exists(a) || !exists(b) {
		t.Error("foreign-owned removed")
	}
}

// TestUnreadable: as a regular user, a candidate with an unreadable
// subdirectory is skipped and reported, not silently passed over.
func TestUnreadable(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root reads everything")
	}
	f := newFixture(t)
	a, _ := f.session(false, 2*time.Hour)
	os.Chmod(filepath.Join(a, "sub"), 0)
	defer os.Chmod(filepath.Join(a, "sub"), 0o700)
	res := scan(t, Options{Base: f.base}).Execute()
	if r := skipReason(res.Skipped, a); !strings.Contains(r, "unreadable") {
		t.Errorf("unreadable: %q", r)
	}
}

// TestFailureReported: a removal that fails is reported as a failure.
func TestFailureReported(t *testing.T) {
	f := newFixture(t)
	a, _ := f.session(false, 2*time.Hour)
	removeAll = func(*os.Root, string) error { return errors.New("injected") }
	defer func() { removeAll = (*os.Root).RemoveAll }()
	res := scan(t, Options{Base: f.base}).Execute()
	if len(res.Failed) != 1 || res.Failed[0].Path != a || res.Failed[0].Error != "injected" {
		t.Fatalf("failures %+v", res.Failed)
	}
}

// TestNested: a candidate inside another is listed once, as skipped.
func TestNested(t *testing.T) {
	f := newFixture(t)
	outer := filepath.Join(f.base, "job-1")
	inner := filepath.Join(outer, "job-2")
	f.mkTree(inner)
	backdate(t, outer, 2*time.Hour)
	p := scan(t, Options{Base: f.base, Patterns: []string{"job-*", "job-*/job-*"}})
	if got := paths(p.Candidates); len(got) != 1 || got[0] != outer {
		t.Fatalf("candidates %v", got)
	}
	if !strings.Contains(skipReason(p.Skipped, inner), "inside candidate") {
		t.Errorf("inner: %v", p.Skipped)
	}
}
