package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestNeverEmptyRange checks that a range over a table that is never
// empty (a literal with elements, a package-level table nobody writes, an
// array) runs its body at least once, so a release inside it covers the
// path past the loop; a range over what may be empty does not.
func TestNeverEmptyRange(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_nonemptyrange")
}
