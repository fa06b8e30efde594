package execfd

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/testcode"
	"github.com/tmplint/tmplint/internal/testpar"
)

// In a test, a child that is never waited stays a zombie only until the
// test binary exits, seconds later: it holds its process table entry and,
// if it still runs, nothing of the test's. Maintainers do not fix test
// code for it (cmd/cgo's issue18146 test, containerd's tar tests, the
// docker CLI's pty tests, read in issue 26), so each finding that a child
// or process is left unwaited is strict-only in test code. The findings
// about descriptors (a pipe whose reader never sees EOF, a detached child
// holding the test binary's own stdout, which makes go test wait) stay.
// Test code is a _test.go file, or a function that takes a *testing.T,
// *testing.B, *testing.F, testing.TB or *testing.M.

// unwaitedReport returns how to report a child left unwaited: strict-only
// in test code.
func (fn *fun) unwaitedReport() func(analysis.Diagnostic) {
	if fn.inTestCode() {
		return fn.c.r.ReportStrict
	}
	return fn.c.r.Report
}

// inTestCode reports whether the function is in test code (a _test.go file
// or a test-support package, see package testcode) or in a function
// declaration that takes a test's type.
func (fn *fun) inTestCode() bool {
	if testcode.At(fn.c.pass, fn.node.Pos()) {
		return true
	}
	path, _ := astutil.PathEnclosingInterval(fn.file, fn.node.Pos(), fn.node.End())
	var decl *ast.FuncDecl
	for _, n := range path {
		if d, ok := n.(*ast.FuncDecl); ok {
			decl = d
		}
	}
	if decl == nil {
		return false
	}
	obj, ok := fn.info().Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	return testpar.TakesTestingType(obj.Type().(*types.Signature), true)
}
