package strict

import (
	"errors"
	"os"
	"testing"
)

func check() error { return errors.New("bad") }

// Under -strict, the leak of a test that has already failed is reported.
func TestErrorReturn(t *testing.T) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		t.Fatal(err)
	}
	if err := check(); err != nil {
		t.Errorf("check: %v", err)
		return
	}
	os.RemoveAll(dir)
}
