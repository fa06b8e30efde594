// Package regression_expectedfailure pins false positives found in the
// standard library (os and io/ioutil tests): a test that asserts that a
// creation fails owes no cleanup for the creation it expects not to happen.
package regression_expectedfailure

import (
	"os"
	"testing"
)

func TestNUL(t *testing.T) {
	f, err := os.CreateTemp("", "bad\x00")
	if err == nil {
		f.Close()
		t.Fatal("CreateTemp should have failed")
	}
}

func TestMissingDir(t *testing.T) {
	name, err := os.MkdirTemp("/_not_exists_", "foo")
	if name != "" || err == nil {
		t.Errorf("MkdirTemp(`/_not_exists_`, `foo`) = %v, %v", name, err)
	}
}

func TestStillChecked(t *testing.T) {
	dir, err := os.MkdirTemp("", "foo") // want `not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Error("empty")
	}
}

func TestSameErrReused(t *testing.T) {
	f, err := os.CreateTemp("", "bad\x00")
	if err == nil {
		f.Close()
		t.Fatal("CreateTemp should have failed")
	}
	f, err = os.CreateTemp("", "good") // want `not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}
