package cloexec_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/cloexec"
)

// TestTestFiles: in a _test.go file a descriptor without close-on-exec is
// reported when a child can start while it is open; otherwise only -strict
// reports it (issue 26, policy A).
func TestTestFiles(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/testfiles", "cloexec/testfilesquiet")
	setStrict(t)
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/testfilesstrict")
}
