package execfd_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/execfd"
)

// TestTestFiles: execfd's rules apply to _test.go files too (issue 10).
func TestTestFiles(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/testfiles")
}
