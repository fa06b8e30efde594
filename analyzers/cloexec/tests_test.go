package cloexec_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/cloexec"
)

// TestTestFiles: cloexec's rules apply to _test.go files too (issue 10).
func TestTestFiles(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/testfiles")
}
