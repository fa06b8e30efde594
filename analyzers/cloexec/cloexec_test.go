package cloexec_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/cloexec"
)

func TestDefault(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), cloexec.Analyzer,
		"cloexec/a", "cloexec/unixcalls", "cloexec/handoff", "cloexec/forklock", "cloexec/ignore", "cloexec/portable",
		"cloexec/untagged", "cloexec/untaggedunix", "cloexec/linuxonly", "cloexec/notplan9", "cloexec/notwindows")
}

func TestStrict(t *testing.T) {
	setStrict(t)
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/strict")
}

// TestWindows type-checks a package against the Windows syscall package,
// where Open without O_CLOEXEC makes an inheritable handle. The packages are
// only loaded and type-checked, never built, so any host can run it.
func TestWindows(t *testing.T) {
	t.Setenv("GOOS", "windows")
	t.Setenv("GOARCH", "amd64")
	t.Setenv("CGO_ENABLED", "0")
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/windows")
}

func setStrict(t *testing.T) {
	t.Helper()
	if err := cloexec.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cloexec.Analyzer.Flags.Set("strict", "false") })
}

// TestMainProgram: in a main package whose program (its imports included,
// by facts) starts no process, findings are strict-only; a library's stay.
// The program is the package's non-test files: a test that runs the command
// (testexec) starts processes in the test binary, not in the program.
func TestMainProgram(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer,
		"cloexec/mainprogram/quiet", "cloexec/mainprogram/execs", "cloexec/mainprogram/viaimport",
		"cloexec/mainprogram/rawfork", "cloexec/mainprogram/helper", "cloexec/mainprogram/starter",
		"cloexec/mainprogram/testexec", "cloexec/mainprogram/teststarter")
	setStrict(t)
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/mainprogram/quietstrict")
}

// TestWorldReadable: a read-only descriptor of a device every user may
// open grants an inheriting child nothing: strict-only.
func TestWorldReadable(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/worldreadable")
	setStrict(t)
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/worldreadablestrict")
}

// TestReexecEntry: a function registered as the program of a re-executed
// process (a registersEntry fact on the registry) that starts no process
// gets strict-only findings, as a main package that starts none does.
func TestReexecEntry(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/reexecentry")
}
