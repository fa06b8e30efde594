// Package regression_setenv pins a hand-off through the environment: a
// program that writes a secret to a temp file and names it in an
// environment variable for a child (a daemonized copy of itself) hands the
// file over; the child removes it. The environment is process-wide storage
// that children inherit, as a global is.
package regression_setenv

import "os"

func handToDaemon(secret string) error {
	f, err := os.CreateTemp("", "key")
	if err != nil {
		return err
	}
	if _, err := f.WriteString(secret); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Setenv("KEY_FILE", f.Name()); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

func setenvSomethingElse(secret string) error {
	f, err := os.CreateTemp("", "key") // want `not removed on any path`
	if err != nil {
		return err
	}
	if _, err := f.WriteString(secret); err != nil {
		return err
	}
	f.Close()
	return os.Setenv("KEY", secret) // the value is not the file: nothing is handed over
}

func leakBeforeSetenv(secret string) error {
	f, err := os.CreateTemp("", "key") // want `not removed on the return that leaks it`
	if err != nil {
		return err
	}
	if _, err := f.WriteString(secret); err != nil {
		return err // leaks: the hand-off below has not happened yet
	}
	f.Close()
	return os.Setenv("KEY_FILE", f.Name())
}

// testMain names its temp dir in the environment for the tests and defers
// its own removal: the variable only refers to the dir while this
// function owns it, so the exit that skips the deferred removal leaks it.
func testMain(run func() int) {
	dir, err := os.MkdirTemp("", "top")
	if err != nil {
		return
	}
	defer os.RemoveAll(dir)
	os.Setenv("TMPDIR", dir)
	os.Exit(run()) // want `os.Exit ends the process without running deferred calls, so the deferred removal of temp directory dir`
}
