package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
)

// TestRepeatedCond: repeated pure conditions take the same branch on a
// path (internal/pathflow/repeated.go, issue 9).
func TestRepeatedCond(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_repeatedcond")
}
