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

// TestKilledInTest: in a test, a child left unwaited is strict-only (issue
// 26, policy C and the s30 read's group 3).
func TestKilledInTest(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/testkill", "execfd/testkeep", "execfd/testsupport", "execfd/regression_deferkill")
	if err := execfd.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { execfd.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/testkill_strict", "execfd/testkeep_strict", "execfd/testsupport_strict", "execfd/regression_deferkill_strict")
}
