package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestRandomDir: a home-made temp directory, a random name made with
// os.MkdirAll or os.Mkdir without a retry loop, is owned by the function
// that makes it (recall audit S12); in a directory the function was given
// and never removed, it is strict-only, as os.MkdirTemp's is there.
func TestRandomDir(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_randomdir")
	if err := tempcleanup.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tempcleanup.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_randomdir_strict")
}
