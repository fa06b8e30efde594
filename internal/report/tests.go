package report

import (
	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/testcode"
)

// InTest reports whether the finding d is in test code: a _test.go file or
// a test-support package (see package testcode).
func (r *Reporter) InTest(d analysis.Diagnostic) bool {
	return testcode.At(r.pass, d.Pos)
}

// ReportOutsideTests reports a finding of the default profile that, in a
// test code, only the strict profile shows: for a rule whose hazard is
// what a test exercises on purpose (a umask, a chmod of the test's own temp
// objects). Each analyzer's doc.go says which of its rules use it.
func (r *Reporter) ReportOutsideTests(d analysis.Diagnostic) {
	r.report(d, r.InTest(d))
}
