package private

import (
	"os"
	"path/filepath"
	"testing"
)

func inTestDir(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	d := t.TempDir()
	sub, err := os.MkdirTemp(d, "sub")
	if err != nil {
		t.Fatal(err)
	}
	_ = sub
}

func inTrackedDir() error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	f, err := os.CreateTemp(dir, "f")
	if err != nil {
		return err
	}
	f.Close()
	g, err := os.CreateTemp(filepath.Join(dir, "sub"), "g")
	if err != nil {
		return err
	}
	return g.Close()
}
