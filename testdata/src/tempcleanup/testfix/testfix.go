package testfix

import (
	"io/ioutil"
	"os"
	"path/filepath"
	"testing"
)

func use(string) {}

func TestDir(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `use t.TempDir\(\)`
	if err != nil {
		t.Fatal(err)
	}
	use(dir)
}

func TestDirBlank(tt *testing.T) {
	dir, _ := ioutil.TempDir("", "x") // want `use tt.TempDir\(\)`
	use(dir)
}

func TestFile(t *testing.T) {
	f, err := os.CreateTemp("", "x-*.txt") // want `create it in t.TempDir\(\)`
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}

func TestSubtest(t *testing.T) {
	t.Run("sub", func(st *testing.T) {
		dir, err := os.MkdirTemp(os.TempDir(), "x") // want `use st.TempDir\(\)`
		if err != nil {
			st.Fatal(err)
		}
		use(dir)
	})
}

func BenchmarkFile(b *testing.B) {
	f, err := os.CreateTemp(os.TempDir(), "x") // want `create it in b.TempDir\(\)`
	if err != nil {
		b.Fatal(err)
	}
	f.Close()
}

// The error is used again later: the fix keeps it out of reach, so it is
// not offered, but the message still names t.TempDir().
func TestErrReused(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `use t.TempDir\(\)`
	if err != nil {
		t.Fatal(err)
	}
	use(dir)
	_, err = os.Stat(dir)
	_ = err
}

func TestNoLeak(t *testing.T) {
	dir := t.TempDir()
	use(dir)
}

// The test chose the parent directory: t.TempDir() moves the directory out
// of it, so the fix is offered as one that changes behaviour.
func TestChosenParent(t *testing.T) {
	dir, err := os.MkdirTemp(filepath.Join(os.TempDir(), "suite"), "x") // want `use t.TempDir\(\)`
	if err != nil {
		t.Fatal(err)
	}
	use(dir)
}
