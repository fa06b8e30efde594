package regression_bindsocket

import (
	"net"
	"os"
	"path/filepath"
	"testing"
)

// TestSocketDir: a socket is bound in the directory, whose t.TempDir()
// path may be too long for a unix socket address: no rewrite, the hint
// says to remove it in t.Cleanup.
func TestSocketDir(t *testing.T) {
	dir, err := os.MkdirTemp("", "sock") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: remove it in t.Cleanup: a path in t.TempDir\(\) may be too long for a unix socket`
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "s"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
}

// TestDataDir: no socket, the directory becomes t.TempDir().
func TestDataDir(t *testing.T) {
	dir, err := os.MkdirTemp("", "data") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: use t.TempDir\(\), which the testing package removes`
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
}
