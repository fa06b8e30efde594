package execfd_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/execfd"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFiles(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), execfd.Analyzer, "execfd/files")
}

func TestWait(t *testing.T) {
	analysistest.Run(t, testdata(t), execfd.Analyzer, "execfd/wait", "execfd/detached", "execfd/mainreturn")
}

func TestShell(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), execfd.Analyzer, "execfd/shell", "execfd/shellimport")
}

func TestStrict(t *testing.T) {
	if err := execfd.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { execfd.Analyzer.Flags.Set("strict", "false") })
	analysistest.RunWithSuggestedFixes(t, testdata(t), execfd.Analyzer, "execfd/strict")
}
