package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestCreatorInStateDir checks that a creator function that makes its
// object in a directory it names itself, no temp location, carries that
// to its callers: a kept recording is no leak, a failed one removed on
// some paths only is.
func TestCreatorInStateDir(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_statedir")
}
