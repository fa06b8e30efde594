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

// TestUnwrittenClose: the error branch of Close on an unwritten temp file is
// searched only under -strict (issue 10).
func TestUnwrittenClose(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_unwrittenclose")
	if err := tempcleanup.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tempcleanup.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/strict_unwrittenclose")
}
