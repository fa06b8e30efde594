package session

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/internal/layout"
)

// age sets the access and modification times of everything under root
// (root included) to t, as if untouched since.
func age(t *testing.T, root string, when time.Time) {
	t.Helper()
	// All paths first: reading a directory sets its access time.
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type()&fs.ModeSymlink == 0 {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSystemdTmpfilesKeepsLiveSession: the real systemd-tmpfiles --clean,
// with a 10-day aging rule on the temp dir (the Fedora and Arch default
// for /tmp), run against a live session whose every entry is 30 days old,
// leaves the session and all in it alone (the owner's flock on the
// session directory), while it does remove an equally old directory of no
// one's. The next start of another program keeps the session too, even
// though the cleaner removed its lock file, and the owner's Close still
// removes it.
func TestSystemdTmpfilesKeepsLiveSession(t *testing.T) {
	bin, err := exec.LookPath("systemd-tmpfiles")
	if err != nil {
		t.Skip("systemd-tmpfiles is not installed (Debian: apt-get install systemd), so the real cleaner cannot be run")
	}
	tmp := t.TempDir()
	h := startHold(t, tmp, "tool")
	junk := filepath.Join(tmp, "old-junk")
	if err := os.MkdirAll(filepath.Join(junk, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-30 * 24 * time.Hour)
	age(t, tmp, old)

	conf := filepath.Join(t.TempDir(), "tmplint-test.conf")
	// Times of entries only (the cleaner cannot see a ctime we could not
	// set back): atime and mtime, of files and directories.
	rule := fmt.Sprintf("d %q - - - amAM:10d\n", tmp)
	if err := os.WriteFile(conf, []byte(rule), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "--clean", conf).CombinedOutput()
	if err != nil {
		t.Fatalf("systemd-tmpfiles --clean: %v\n%s", err, out)
	}
	if exists(junk) {
		t.Fatalf("systemd-tmpfiles --clean did not remove %s, 30 days old: the rule did not apply, the test proves nothing\n%s", junk, out)
	}
	var lost []string
	for _, p := range h.paths {
		if !exists(p) {
			lost = append(lost, p)
		}
	}
	if len(lost) > 0 {
		t.Fatalf("systemd-tmpfiles --clean removed from a live session: %s\n%s", strings.Join(lost, ", "), out)
	}
	t.Logf("after systemd-tmpfiles --clean: session kept, its lock file %s", map[bool]string{true: "kept", false: "removed"}[exists(h.dir+layout.LockSuffix)])

	s, err := New("other", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, p := range h.paths {
		if !exists(p) {
			t.Errorf("the next start pruned the live session's %s", p)
		}
	}
	h.stdin.Close()
	if err := waitTimeout(t, h.cmd, 20*time.Second); err != nil {
		t.Fatalf("owner: %v", err)
	}
	if exists(h.dir) || exists(h.dir+layout.LockSuffix) {
		t.Error("the owner's Close left the session")
	}
}
