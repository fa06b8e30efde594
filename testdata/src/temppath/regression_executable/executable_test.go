package executable

import (
	"os"
	"testing"
)

func TestHook(t *testing.T) {
	if err := os.WriteFile("/tmp/runc-hooktest.sh", []byte("#!/bin/sh\n"), 0o700); err != nil { // want `create it under its name and mode in t.TempDir\(\) \(os.CreateTemp would make it 0600, which cannot be run\)`
		t.Fatal(err)
	}
}
