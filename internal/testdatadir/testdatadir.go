// Package testdatadir locates the repository's shared analysistest data,
// testdata/src at the root, from the tests of the analyzer and pass
// packages two levels below it.
package testdatadir

import (
	"path/filepath"
	"testing"
)

// Dir returns the absolute path of the root testdata directory, for
// analysistest.Run. The test must run in a package directory two levels
// below the root (analyzers/NAME, passes/NAME), as go test does.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
