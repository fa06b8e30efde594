package temppath_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/temppath"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDefault(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), temppath.Analyzer, "temppath/a", "temppath/fixes", "temppath/ignore")
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
	analysistest.Run(t, testdata(t), temppath.Analyzer, "temppath/strict")
}
