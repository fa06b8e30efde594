package report

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// InTest reports whether the finding d is in a _test.go file.
func (r *Reporter) InTest(d analysis.Diagnostic) bool {
	f := r.pass.Fset.File(d.Pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// ReportOutsideTests reports a finding of the default profile that, in a
// _test.go file, only the strict profile shows: for a rule whose hazard is
// what a test exercises on purpose (a umask, a chmod of the test's own temp
// objects). Each analyzer's doc.go says which of its rules use it.
func (r *Reporter) ReportOutsideTests(d analysis.Diagnostic) {
	r.report(d, r.InTest(d))
}
