package failedhelper

import (
	"errors"
	"os"
	"testing"
)

// fixture returns its error to tests that all fail on it.
func fixture() (*os.File, error) {
	f, err := os.CreateTemp("", "fixture") // ok: strict only, leaks only where the caller fails
	if err != nil {
		return nil, err
	}
	if _, err := f.WriteString("data"); err != nil {
		return nil, errors.New("write failed")
	}
	return f, nil
}

func TestFixture(t *testing.T) {
	f, err := fixture()
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(f.Name())
}

func TestFixtureInit(t *testing.T) {
	if f, err := fixture(); err != nil {
		t.Fatalf("fixture: %v", err)
	} else {
		os.Remove(f.Name())
	}
}

// copied returns a named error, non-nil in the branch that tested it.
func copied() (string, error) {
	dir, err := os.MkdirTemp("", "copy") // ok: strict only
	if err != nil {
		return "", err
	}
	if err = os.WriteFile(dir+"/x", nil, 0o600); err != nil {
		return "", err
	}
	return dir, nil
}

func TestCopied(t *testing.T) {
	dir, err := copied()
	if err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
}

// logged has a caller that only logs the error and goes on: the leak is
// the test's, and it has not failed.
func logged() (string, error) {
	dir, err := os.MkdirTemp("", "logged") // want `temp directory dir from os.MkdirTemp is returned to the caller but not removed`
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
		return "", err
	}
	return dir, nil
}

func TestLogged(t *testing.T) {
	dir, err := logged()
	if err != nil {
		t.Log(err)
	}
	os.RemoveAll(dir)
}

// nilError leaks on a return whose error is nil: no failure.
func nilError() (string, error) {
	dir, err := os.MkdirTemp("", "nil") // want `temp directory dir from os.MkdirTemp is returned to the caller but not removed`
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(dir + "/x"); err == nil {
		return "", nil
	}
	return dir, nil
}

func TestNilError(t *testing.T) {
	dir, err := nilError()
	if err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
}
