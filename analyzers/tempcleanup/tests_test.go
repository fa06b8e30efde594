package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
)

// TestTestFiles: tempcleanup's rules apply to _test.go files too (issue 10).
func TestTestFiles(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/testfiles")
}

// TestFailedHelper: a leak only on error returns that every caller turns
// into a failed test, or on a failure in a test suite's helper, is
// strict-only (issue 26, policy B).
func TestFailedHelper(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/failedhelper")
}

// TestFailedHelperStrict: -strict reports what failedhelper leaves to it.
func TestFailedHelperStrict(t *testing.T) {
	if err := tempcleanup.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tempcleanup.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/failedhelper_strict")
}

// TestKeptAtExit: outside tests, an object that the function removes on no
// path and that leaks only at exits that end the process is left there as
// on success: strict-only (issue 26, policy c).
func TestKeptAtExit(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/keptatexit")
	if err := tempcleanup.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tempcleanup.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/keptatexit_strict")
}
