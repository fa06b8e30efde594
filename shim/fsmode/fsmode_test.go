package fsmode_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tmplint/tmplint/shim/fsmode"
)

func TestMkdirAllKeepsExisting(t *testing.T) {
	dir := t.TempDir()
	if err := fsmode.MkdirAll(filepath.Join(dir, "a", "b", "c"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := fsmode.MkdirAll(filepath.Join(dir, "a", "b", "c"), 0o755); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, "a", "b", "c"))
	if err != nil || (runtime.GOOS != "windows" && fi.Mode().Perm() != 0o700) {
		t.Fatalf("%v %v", fi, err)
	}
	f := filepath.Join(dir, "file")
	if err := os.WriteFile(f, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := fsmode.MkdirAll(f, 0o700); err == nil {
		t.Fatal("MkdirAll over a file succeeded")
	}
}

func TestWriteFileAtomicReplaces(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	for _, s := range []string{"one", "two"} {
		if err := fsmode.WriteFileAtomic(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(p); string(got) != s {
			t.Fatalf("got %q want %q", got, s)
		}
	}
	ents, _ := os.ReadDir(filepath.Dir(p))
	if len(ents) != 1 {
		t.Fatalf("temporary files left behind: %v", ents)
	}
	if err := fsmode.WriteFileAtomic(filepath.Join(p, "x"), nil, 0o600); err == nil {
		t.Fatal("write under a file succeeded")
	}
}

func ExampleCreateTemp() {
	dir, err := fsmode.MkdirTemp("", "example", 0o700)
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	f, err := fsmode.CreateTemp(dir, "report-*.json", 0o600)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	fmt.Println(fi.Mode())
	// Output: -rw-------
}

func ExampleWriteFileAtomic() {
	dir, err := fsmode.MkdirTemp("", "example", 0o700)
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "state.json")
	if err := fsmode.WriteFileAtomic(name, []byte(`{"v":1}`), 0o600); err != nil {
		panic(err)
	}
	if err := fsmode.WriteFileAtomic(name, []byte(`{"v":2}`), 0o600); err != nil {
		panic(err)
	}
	b, _ := os.ReadFile(name)
	fmt.Println(string(b))
	// Output: {"v":2}
}
