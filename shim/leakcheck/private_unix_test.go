//go:build unix

package leakcheck

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPruneStale: a crashed run's private TMPDIR is removed by a later run;
// one whose owner holds its lock, and one too young to have been locked yet,
// are kept, and so is a symbolic link with the name.
func TestPruneStale(t *testing.T) {
	parent := t.TempDir()
	mk := func(name string, age time.Duration) string {
		dir := filepath.Join(parent, name)
		if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o700); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "sub", "f"), nil, 0o600)
		old := time.Now().Add(-age)
		os.Chtimes(dir, old, old)
		return dir
	}
	crashed := mk(privatePrefix+"pkg-1", time.Hour)
	live := mk(privatePrefix+"pkg-2", time.Hour)
	young := mk(privatePrefix+"pkg-3", 0)
	other := mk("unrelated-4", time.Hour)
	target := mk("target", time.Hour)
	link := filepath.Join(parent, privatePrefix+"pkg-5")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	lock, err := lockDir(live)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()

	pruneStale(parent)
	if _, err := os.Lstat(crashed); !os.IsNotExist(err) {
		t.Errorf("crashed run's TMPDIR not pruned: %v", err)
	}
	for _, kept := range []string{live, young, other, link, filepath.Join(target, "sub", "f")} {
		if _, err := os.Lstat(kept); err != nil {
			t.Errorf("%s pruned: %v", kept, err)
		}
	}
}
