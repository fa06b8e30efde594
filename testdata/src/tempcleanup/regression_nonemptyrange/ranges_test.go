// Package regression_nonemptyrange pins a false positive found in cmd
// (cgo/internal/testerrors.TestPointerChecks): the last parallel subtest
// of a table removes the directory, and the table is a package-level
// literal, so the loop runs at least once. The path that skips the loop
// does not exist; a loop over something that may be empty keeps it.
package regression_nonemptyrange

import (
	"os"
	"sync/atomic"
	"testing"
)

var cases = []string{"a", "b"}

var rewritten = []string{"a"}

func reset() { rewritten = nil }

func TestPackageTable(t *testing.T) {
	dir, err := os.MkdirTemp("", "table")
	if err != nil {
		t.Fatal(err)
	}
	var pending int32
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			atomic.AddInt32(&pending, +1)
			defer func() {
				if atomic.AddInt32(&pending, -1) == 0 {
					os.RemoveAll(dir)
				}
			}()
		})
	}
}

func TestLocalTable(t *testing.T) {
	dir, err := os.MkdirTemp("", "table")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name string }{{"one"}, {"two"}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { os.RemoveAll(dir) })
	}
}

func TestArray(t *testing.T) {
	dir, err := os.MkdirTemp("", "table")
	if err != nil {
		t.Fatal(err)
	}
	var names [2]string
	for range names {
		os.RemoveAll(dir)
	}
}

func TestMaybeEmpty(t *testing.T) {
	dir, err := os.MkdirTemp("", "table") // want `not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range os.Args[1:] {
		t.Run(c, func(t *testing.T) { os.RemoveAll(dir) })
	}
}

func TestRewrittenTable(t *testing.T) {
	dir, err := os.MkdirTemp("", "table") // want `not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rewritten {
		t.Run(c, func(t *testing.T) { os.RemoveAll(dir) })
	}
}

func TestEmptyLiteral(t *testing.T) {
	dir, err := os.MkdirTemp("", "table") // want `not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	tests := []string{}
	for _, c := range tests {
		t.Run(c, func(t *testing.T) { os.RemoveAll(dir) })
	}
}

func TestLocalTableReassigned(t *testing.T) {
	dir, err := os.MkdirTemp("", "table") // want `not removed on any path`
	if err != nil {
		t.Fatal(err)
	}
	tests := []string{"a"}
	if len(os.Args) > 5 {
		tests = nil
	}
	for _, c := range tests {
		t.Run(c, func(t *testing.T) { os.RemoveAll(dir) })
	}
}
