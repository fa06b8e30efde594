package chmodprivate

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRestore(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "x")
	os.Chmod(sub, 0o555)
	defer os.Chmod(sub, 0o777) // ok: inside a private dir
	os.Chmod(dir, 0o777)       // ok: t.TempDir() lies in the test's private dir
}
