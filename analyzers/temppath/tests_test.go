package temppath_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/temppath"
)

// TestTestFiles: temppath's rules apply to _test.go files too (issue 10).
func TestTestFiles(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/testfiles")
}

// TestDeadCode: a creation in a function nothing can call is strict-only
// (issue 26: git-lfs tq/basic_upload.go's tempDir, which has no caller).
func TestDeadCode(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/deadcode")
	if err := temppath.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { temppath.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/deadcode_strict")
}

// TestFuzzOnly: a creation that only the callback of a fuzz target with no
// seed corpus runs is strict-only (issue 26: containerd's
// container_fuzz_test.go, run by OSS-Fuzz only).
func TestFuzzOnly(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/fuzzonly")
	if err := temppath.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { temppath.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/fuzzonly_strict")
}
