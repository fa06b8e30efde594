package pathasany

// This package holds the shape "a temp path handed to a library as any":
// the library keeps a copy of the string; the directory stays the
// caller's to remove.

import (
	"os"
	"testing"

	"tempcleanup/pathasany/store"
)

func TestSet(t *testing.T) {
	dir, err := os.MkdirTemp("", "ws") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	v := store.New()
	v.Set("workspace", dir)
}

func TestSetRemoved(t *testing.T) {
	dir, err := os.MkdirTemp("", "ws") // ok: removed
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	v := store.New()
	v.Set("workspace", dir)
}

func TestSetPath(t *testing.T) {
	dir, err := os.MkdirTemp("", "ws") // ok by default: a string parameter whose use is unknown may take it (strict reports it)
	if err != nil {
		t.Fatal(err)
	}
	store.New().SetPath("workspace", dir)
}

func TestDrop(t *testing.T) {
	dir, err := os.MkdirTemp("", "ws")
	if err != nil {
		t.Fatal(err)
	}
	store.Drop(dir)
}
