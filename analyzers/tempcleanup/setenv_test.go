package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestSetenvHandsOff checks that naming a temp object in the environment
// hands it over, as a store into a global does (the environment is
// process-wide and the children started afterwards inherit it), unless
// the function defers its own removal: then it keeps the object.
func TestSetenvHandsOff(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_setenv")
}
