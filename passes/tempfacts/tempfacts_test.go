package tempfacts_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/passes/tempfacts"
)

func TestFacts(t *testing.T) {
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, tempfacts.Analyzer, "tempcleanup/helper", "tempcleanup/borrowlib", "tempcleanup/wrapperlib",
		"tempcleanup/regression_takesomepaths", "tempcleanup/regression_paramflow", "tempcleanup/exitlib",
		"tempcleanup/regression_callersvaluelib", "tempcleanup/regression_ownerlib",
		"tempcleanup/regression_outparamlib", "tempcleanup/regression_namelistlib",
		"tempcleanup/regression_ownerssa", "tempcleanup/regression_setterlib", "tempcleanup/regression_generichelperslib",
		"tempcleanup/regression_ownershapeslib")
}
