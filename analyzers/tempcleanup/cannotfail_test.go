package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
)

// TestOwnOpsCannotFail: the error branch of a Chmod or a constant Seek of
// the temp object, or of crypto/rand.Read, filepath.Abs or os.Getwd, is
// searched only under -strict;
// writes, Sync, Chown and operations on other paths stay (issue 26).
func TestOwnOpsCannotFail(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_owncannotfail")
	if err := tempcleanup.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tempcleanup.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/strict_owncannotfail")
}
