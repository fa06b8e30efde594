package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestPartialRelease checks that an owner's releasing method is judged
// path by path: one that returns before it removes its temp object on some
// path (a write error it remembered) is reported where its holder relies
// on it; one that removes on every path that has something to remove
// (the removal deferred first, a closed state only Close sets, an empty
// field, a helper called from a deferred closure) is not.
func TestPartialRelease(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_partialrelease")
}

// TestImportedPartialRelease checks the same across packages, by the
// facts of the owner type (its partial releasers) and of the constructor
// (it made the temp object the owner holds).
func TestImportedPartialRelease(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_partialreleasecaller")
}
