package fuzzonly

import (
	"os"
	"testing"
)

// Seedless target: go test never runs the callback, nor what only it calls.

func FuzzNoSeed(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		os.WriteFile("/tmp/fuzz-noseed.bin", data, 0o600) // ok: strict-only, only a fuzzing engine runs it
		setUp(t)
	})
}

func setUp(t *testing.T) {
	if err := download("/tmp/fuzz-download.tar.gz"); err != nil { // ok: strict-only, called only from the callback
		t.Fatal(err)
	}
	os.MkdirAll("/tmp/fuzz-binaries", 0o777) // ok: strict-only
}

func FuzzNamedCallback(f *testing.F) {
	f.Fuzz(fuzzBody)
}

func fuzzBody(t *testing.T, data []byte) {
	os.WriteFile("/tmp/fuzz-named.bin", data, 0o600) // ok: strict-only, passed only to a seedless Fuzz
}

// Seeded targets: go test runs the callback once per seed.

func FuzzSeeded(f *testing.F) {
	f.Add([]byte("seed"))
	f.Fuzz(func(t *testing.T, data []byte) {
		os.WriteFile("/tmp/fuzz-seeded.bin", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
	})
}

// FuzzWithCorpus has seeds in testdata/fuzz/FuzzWithCorpus.
func FuzzWithCorpus(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		os.WriteFile("/tmp/fuzz-corpus.bin", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
	})
}

// FuzzHelperSeeds hands f to a helper, which may add seeds.
func FuzzHelperSeeds(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		os.WriteFile("/tmp/fuzz-helper.bin", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
	})
}

func addSeeds(f *testing.F) { f.Add([]byte("seed")) }

// The target's own body runs under go test, seeds or not.
func FuzzBody(f *testing.F) {
	os.WriteFile("/tmp/fuzz-setup.bin", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
	f.Fuzz(func(t *testing.T, data []byte) {})
}

// A helper that a test calls too runs under go test.
func FuzzShared(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		shared()
	})
}

func TestShared(t *testing.T) { shared() }

func shared() {
	os.WriteFile("/tmp/fuzz-shared.bin", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}

// A callback passed as a value elsewhere may run anywhere.
func FuzzEscapes(f *testing.F) {
	f.Fuzz(escaping)
}

var keep = escaping

func escaping(t *testing.T, data []byte) {
	os.WriteFile("/tmp/fuzz-escaping.bin", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}

// A Fuzz on an F the function does not own: its seeds are not the
// function's to judge.
var global *testing.F

func FuzzOther(f *testing.F) {
	global.Fuzz(func(t *testing.T, data []byte) {
		os.WriteFile("/tmp/fuzz-global.bin", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
	})
}
