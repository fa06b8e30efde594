package execfd_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/execfd"
)

// TestFlow: branches correlated with the error of the creation (issue 10).
func TestFlow(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/regression_correlated", "execfd/regression_errpredicate")
}

// TestFilesToClose: files kept in a slice are released with the slice's
// elements, and a deferred release guarded by the error result covers only
// the failure returns (issue 10).
func TestFilesToClose(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/regression_filestoclose", "execfd/regression_extrafilesloop")
}

// TestRepeatedCond: repeated pure conditions take the same branch on a
// path (internal/pathflow/repeated.go, issue 9).
func TestRepeatedCond(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/regression_repeatedcond")
}
