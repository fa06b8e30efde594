package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestOverwrittenResult checks that a deferred literal removing the object
// through a named result misses it at a return that gives the result a
// constant, and still removes it at a return that keeps the object there,
// a naked return, a removal of a copy, or a deferred call whose argument
// was evaluated at the defer.
func TestOverwrittenResult(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_overwrittenresult")
}
