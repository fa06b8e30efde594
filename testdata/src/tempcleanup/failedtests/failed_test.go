package failedtests

import (
	"log"
	"os"
	"testing"
)

func check() error { return nil }

// The leak is only on t.Fatal's path: the test has failed.
func TestFatalOnly(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // ok by default: only a failed test leaks it
	if err != nil {
		t.Fatal(err)
	}
	if err := check(); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
}

// A godoc example that log.Fatals on failure skips its deferred removal
// only then.
func ExampleFatal() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := check(); err != nil {
		log.Fatal(err) // ok by default: the example has failed
	}
	// Output:
}

// A plain return leaks it on success: reported.
func TestReturnLeak(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is not removed on every path`
	if err != nil {
		t.Fatal(err)
	}
	if check() == nil {
		return
	}
	os.RemoveAll(dir)
}

// os.Exit(m.Run()) skips the deferred removal on every run: no failure.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "main")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := check(); err != nil {
		log.Fatal(err) // ok by default: a failed run, left out of the finding below
	}
	os.Exit(m.Run()) // want `os.Exit ends the process without running deferred calls, so the deferred removal`
}

// os.Exit with a constant code other than 0 after an error is a failed
// run, left out like log.Fatal; the function has no other leak.
func setupOrExit(m *testing.M) int {
	dir, err := os.MkdirTemp("", "main")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := check(); err != nil {
		println(err.Error())
		os.Exit(2) // ok by default: a failed run
	}
	return m.Run()
}

// t.Errorf then return ends a test that has already failed, as t.Fatalf
// would: its leak is strict-only.
func TestErrorReturn(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // ok by default: only a failed test leaks it
	if err != nil {
		t.Fatal(err)
	}
	if err := check(); err != nil {
		t.Errorf("check: %v", err)
		return
	}
	os.RemoveAll(dir)
}

// A log line is no failure.
func TestLogReturn(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		t.Fatal(err)
	}
	if err := check(); err != nil {
		t.Logf("check: %v", err)
		return
	}
	os.RemoveAll(dir)
}

// The t.Errorf is in another block: the return is reached without it.
func TestErrorElsewhere(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		t.Fatal(err)
	}
	if err := check(); err != nil {
		t.Errorf("check: %v", err)
	}
	if check() == nil {
		return
	}
	os.RemoveAll(dir)
}
