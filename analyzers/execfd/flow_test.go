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
