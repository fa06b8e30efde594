package executable

import (
	"os"
	"testing"
)

type command struct{ Path string }

func TestHook(t *testing.T) {
	filename := "/tmp/runc-hooktest.sh"
	if err := os.WriteFile(filename, []byte("#!/bin/sh\n"), 0o700); err != nil { // want `create it under its name and mode in t.TempDir\(\) \(os.CreateTemp would make it 0600, which cannot be run\)`
		t.Fatal(err)
	}
	hook := &command{Path: filename}
	_ = hook
}
