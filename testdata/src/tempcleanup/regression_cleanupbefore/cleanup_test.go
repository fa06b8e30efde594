// Package regression_cleanupbefore: a t.Cleanup registered before the
// creation, removing a variable that the object's name is assigned to
// later, removes it when the test ends.
package regression_cleanupbefore

import (
	"os"
	"testing"
)

func TestCleanupBefore(t *testing.T) {
	var name string
	t.Cleanup(func() { os.Remove(name) })
	f, err := os.CreateTemp("", "x") // ok: the cleanup removes it through name
	if err != nil {
		t.Fatal(err)
	}
	name = f.Name()
	f.Close()
}

func TestCleanupOfSomethingElse(t *testing.T) {
	var other string
	t.Cleanup(func() { os.Remove(other) })
	f, err := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	other = "/tmp/unrelated"
	f.Close()
}
