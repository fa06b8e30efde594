package paths

import (
	"errors"
	"os"
	"testing"
)

func use(string) error { return nil }

func earlyReturn() error {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		return err
	}
	if err := use(dir); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func continueSkips(names []string) {
	for _, n := range names {
		f, err := os.CreateTemp("", n) // want `not removed on any path`
		if err != nil {
			continue
		}
		if n == "" {
			continue
		}
		f.Close()
		os.Remove(f.Name())
	}
}

// A test suite's helper (it takes a *testing.T) that leaks only where the
// test fails: strict only.
func fatalBeforeCleanup(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // ok: strict only, the test has failed
	if err != nil {
		t.Fatal(err)
	}
	if err := use(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
}

func returnBeforeCleanup(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path, so it stays on disk: use t.TempDir\(\), which the testing package removes`
	if err != nil {
		t.Fatal(err)
	}
	if err := use(dir); err != nil {
		t.Log(err) // not a failure: t.Error here would make the leak strict-only (failedtests)
		return
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
}

func cleanupFirst(t *testing.T) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := use(dir); err != nil {
		t.Fatal(err)
	}
}

func cleanupFunc(b *testing.B) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		b.Fatal(err)
	}
	rm := func() { os.RemoveAll(dir) }
	b.Cleanup(rm)
	use(dir)
}

// removeIfOK removes only on success: it is no remover.
func removeIfOK(dir string, ok bool) {
	if ok {
		os.RemoveAll(dir)
	}
}

// removeLogged removes on every path.
func removeLogged(dir string) {
	if err := os.RemoveAll(dir); err != nil {
		println(err.Error())
	}
}

func helperOnlyOnSuccess(ok bool) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if err != nil {
		return
	}
	removeIfOK(dir, ok)
}

func helperEveryPath() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	defer removeLogged(dir)
	use(dir)
}

func switchReturn(k int) error {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		return err
	}
	switch k {
	case 1:
		return errors.New("one")
	}
	os.RemoveAll(dir)
	return nil
}
