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
	f, err := os.CreateTemp("", "key") // want `not removed on every path`
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
