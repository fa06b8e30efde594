package cloexec_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/cloexec"
)

// TestTestFiles: in a _test.go file a descriptor without close-on-exec is
// reported when a child can start while it is open; otherwise only -strict
// reports it (issue 26, policy A).
func TestTestFiles(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/testfiles", "cloexec/testfilesquiet", "cloexec/testsupport", "cloexec/testingtesting", "cloexec/sliceclose", "cloexec/ownchild")
	setStrict(t)
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/testfilesstrict")
}

// TestClosedAt: a descriptor closed in the same block before any call that
// may start a process is strict-only, in a package that starts none itself
// (issue 26, policy A).
func TestClosedAt(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/closedat", "cloexec/closedatstarts")
}

// TestFuncStarts: a call of a function of a package that may start a
// process may start one only when that function may (a startsProcessFunc
// fact); testing.TB's methods start none (audit33: restic's rtest.OK).
func TestFuncStarts(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), cloexec.Analyzer, "cloexec/funcstarts")
}
