package temppath_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/temppath"
)

func TestDefault(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/a", "temppath/fixes", "temppath/ignore", "temppath/sinks", "temppath/travel", "temppath/paramdir", "temppath/fieldstore", "temppath/rootcause", "temppath/chmod", "temppath/resultcycle")
}

func TestStrict(t *testing.T) {
	if err := temppath.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := temppath.Analyzer.Flags.Set("strict", "false"); err != nil {
			t.Error(err)
		}
	})
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/strict")
}

// TestFixedName: no random name for a fixed path that other code reads
// (issue 26).
func TestFixedName(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/fixedname", "temppath/fixednamelib", "temppath/regression_fixedreaders", "temppath/regression_executable", "temppath/regression_fixedbase", "temppath/regression_readbackvar")
}

// TestFreshTmpfs: a function that mounts a fresh tmpfs on /tmp owns the
// names it then creates there (issue 26).
func TestFreshTmpfs(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/freshtmpfs", "temppath/bindexisting")
}

// TestFieldSet: an exported field whose value its package creates at (a
// createsField fact, from the package's SSA form) set to a predictable
// shared temp path in another package (issue 25, shape 7).
func TestFieldSet(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), temppath.Analyzer, "temppath/fieldset")
}
