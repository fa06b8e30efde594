package exit

import (
	"log"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "test")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Exit(m.Run()) // want `os.Exit ends the process without running deferred calls, so the deferred removal of temp directory dir \(line 10\) never runs and it stays on disk: remove it explicitly before exiting`
}

func mainLike() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		log.Fatalf("mkdir: %v", err)
	}
	defer os.RemoveAll(dir)
	if err := run(dir); err != nil {
		log.Fatalf("run: %v", err) // want `log.Fatalf ends the process without running deferred calls`
	}
}

// Every exit that skips one deferred removal is one mistake: one finding,
// at the first exit, whatever the number of exits.
func exampleLike() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := run(dir); err != nil {
		log.Fatal("first: ", err) // want `log.Fatal ends the process without running deferred calls here and at 2 more exits, so the deferred removal of temp directory dir \(line 32\) never runs and it stays on disk: remove it explicitly before each of these exits, or exit from a function that returns`
	}
	if err := run(dir); err != nil {
		log.Fatalf("second: %v", err)
	}
	if err := run(dir); err != nil {
		os.Exit(2)
	}
}

// An exit that removes first does not count: one skipping exit left.
func exampleOneLeft() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := run(dir); err != nil {
		os.RemoveAll(dir)
		log.Fatal(err)
	}
	if err := run(dir); err != nil {
		log.Fatal(err) // want `log.Fatal ends the process without running deferred calls, so the deferred removal of temp directory dir \(line 50\) never runs and it stays on disk: remove it explicitly before exiting`
	}
}

func fatalf(format string, args ...any) {
	log.Printf(format, args...)
	os.Exit(1)
}

func localExit() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		fatalf("mkdir: %v", err)
	}
	defer os.RemoveAll(dir)
	if err := run(dir); err != nil {
		fatalf("run: %v", err) // want `fatalf ends the process`
	}
}

// explicit removal before exiting is the fix.
func TestMainFixed(m *testing.M) {
	dir, err := os.MkdirTemp("", "test")
	if err != nil {
		log.Fatal(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A panic runs deferred calls.
func panics() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	if err := run(dir); err != nil {
		panic(err)
	}
}

// t.Fatal runs deferred calls (runtime.Goexit).
func fatalInTest(t *testing.T) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
}

func run(string) error { return nil }
