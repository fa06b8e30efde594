package analysisdoc_test

import (
	"testing"

	"github.com/tmplint/tmplint/internal/analysisdoc"
)

const docgo = `// Package x does things.
//
// # Analyzer x
//
// x: find things
//
// Longer text,
// with an example:
//
//	f(0o600)
//
// # Other section
//
// Not part of it.
package x
`

func TestExtract(t *testing.T) {
	got := analysisdoc.Extract(docgo, "x")
	want := "x: find things\n\nLonger text,\nwith an example:\n\n\tf(0o600)"
	if got != want {
		t.Errorf("Extract = %q, want %q", got, want)
	}
}

func TestExtractMissingPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Extract of a missing section did not panic")
		}
	}()
	analysisdoc.Extract(docgo, "y")
}
