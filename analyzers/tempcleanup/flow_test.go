package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
)

// TestFlow: branches correlated with the error of the creation (issue 10).
func TestFlow(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_correlated", "tempcleanup/regression_errpredicate")
}
