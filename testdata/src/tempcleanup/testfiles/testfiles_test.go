package testfiles

import (
	"os"
	"testing"
)

func TestLeaves(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(dir+"/f", nil, 0o600)
}

func TestRemoves(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // ok
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
}
