package fuzzonly_strict

import (
	"os"
	"testing"
)

func FuzzNoSeed(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		os.WriteFile("/tmp/fuzz-noseed.bin", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
		setUp()
	})
}

func setUp() {
	os.MkdirAll("/tmp/fuzz-binaries", 0o777) // want `os.MkdirAll at a predictable name in shared temp dir`
}
