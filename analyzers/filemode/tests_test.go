package filemode_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/filemode"
)

// TestTestFiles: chmod and umask in a _test.go file are the test's subject
// unless they expose a shared location (issue 10).
func TestTestFiles(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/testfiles")
}

func TestTestFilesStrict(t *testing.T) {
	if err := filemode.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { filemode.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/testfiles_strict")
}

// TestTestDataShared: in tests, a wide creation mode of test data in shared
// temp is strict-only unless others can write into it (issue 26).
func TestTestDataShared(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/testdatashared")
	if err := filemode.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { filemode.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/testdatashared_strict")
	// A test that clears the umask on purpose is never told to keep a
	// narrower mask (issue 26).
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/umasktest_strict")
}

// TestFoldIntoTemppath: in production, a mode that lets others only read, at
// a predictable name in shared temp, is folded into temppath's finding on
// the same call; a mode that lets them write stays (issue 26, policy b).
func TestFoldIntoTemppath(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/foldtemppath")
	setStrict(t)
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/foldtemppath_strict")
}
