package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestUnnamed: creations never named (issue 25 shape 1).
func TestUnnamed(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/unnamed")
}
