package testfiles

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A test of permission handling on its own objects: its subject, not a
// hazard. Reported only under -strict.
func TestPermissions(t *testing.T) {
	old := syscall.Umask(0) // ok: the test's own process, on purpose
	defer syscall.Umask(old)
	dir := t.TempDir()
	os.Chmod(dir, 0o777) // ok: private
	f, err := os.CreateTemp("", "perm")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(f.Name())
	os.Chmod(f.Name(), 0o666)                // ok: the test's own temp file
	f.Chmod(0o644)                           // ok: the test's own temp file
	os.Chmod(filepath.Join(dir, "x"), 0o777) // ok: private
	os.Chmod("testdata/ro", 0o777)           // ok: the test's fixture
}

// What a test shares with other users, or gets wrong, is reported.
func TestShared(t *testing.T) {
	os.Chmod("/tmp/shared-fixture", 0o777)                // want `world-writable mode 0o777`
	os.Chmod(filepath.Join(os.TempDir(), "cache"), 0o644) // want `in shared temp dir`
	os.Chmod("testdata/shared", 0o1777)                   // want `sticky bit is os.ModeSticky`
	os.WriteFile("/tmp/shared.txt", nil, 0o644)           // ok: test data others may read (strict only)
	os.WriteFile("/tmp/shared.txt", nil, 0o666)           // ok: temppath reports the fixed name (strict only)
	os.Chmod(t.TempDir(), 644)                            // want `decimal`
}
