package tempcleanup

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/internal/stmtlist"
	"github.com/tmplint/tmplint/internal/testpar"
)

// In a test file, a leak only on paths where the test has already failed
// (t.Fatal, t.FailNow, t.Skip and their kind, log.Fatal in an example or a
// helper, a return after t.Error, t.Errorf or t.Fail in the same block) is
// strict-only: the run is reported as failed, and its
// leftovers are a debugging aid more than a leak a maintainer would fix.
// os.Exit with a code that is not a constant is no failure: os.Exit(m.Run())
// in TestMain skips the deferred removal on every run. os.Exit with a
// constant code other than 0 (TestMain's "could not find the go tool";
// os.Exit(2)) ends a run that failed.

// The same holds for an error return of a test helper whose callers all
// fail the test on that error: a function of a _test.go file (declared,
// or a literal held by a variable or a table's field: failingvalue.go)
// whose every use in the package is a call "…, err := f(…)" (or "=")
// followed at once by "if err != nil { …; t.Fatal(…) }", and the leaking
// return returns a non-nil error. And test code is also a function outside _test.go files
// that takes a *testing.T, *testing.B, *testing.F, testing.TB or
// *testing.M: a test suite's helper, or TestMain's (log.Fatal there ends a
// run whose setup failed).

// failureOnly reports whether every exit in leaks, but panics, is a test
// failure in test code, or an error return of fn that its callers turn
// into one.
func (c *checker) failureOnly(fn ast.Node, leaks []pathflow.Leak) bool {
	if len(leaks) == 0 {
		return false
	}
	for _, l := range leaks {
		if l.Kind == pathflow.Panic {
			continue
		}
		if ret, ok := l.Node.(*ast.ReturnStmt); ok && (c.failingErrorReturn(fn, ret) || c.afterTestError(ret)) {
			continue
		}
		call, ok := l.Node.(*ast.CallExpr)
		if !ok || !c.testFailure(call) {
			return false
		}
	}
	return true
}

// failingErrorReturn reports whether the return, in the function fn (a
// declaration or a literal) of a _test.go file, returns a non-nil error to
// callers that all fail the test on it (failingvalue.go).
func (c *checker) failingErrorReturn(fn ast.Node, ret *ast.ReturnStmt) bool {
	body := funcBody(fn)
	if body == nil || len(ret.Results) == 0 || !strings.HasSuffix(c.pass.Fset.File(ret.Pos()).Name(), "_test.go") {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	if t := c.pass.TypesInfo.TypeOf(last); t == nil || !isErrorType(t) || pkgtypes.IsNil(c.pass.TypesInfo, last) {
		return false
	}
	if id, ok := ast.Unparen(last).(*ast.Ident); ok {
		// A named error variable: non-nil only if the return is in the
		// branch that tested it.
		if !c.testedNonNil(body, ret, c.pass.TypesInfo.ObjectOf(id)) {
			return false
		}
	}
	return c.callersFail(fn, 0)
}

// testedNonNil reports whether the return lies in the body of an
// "if v != nil" of the function body.
func (c *checker) testedNonNil(body *ast.BlockStmt, ret *ast.ReturnStmt, v types.Object) bool {
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if found || !ok {
			return !found
		}
		if ifs.Body.Pos() <= ret.Pos() && ret.End() <= ifs.Body.End() && c.nonNilTest(ifs.Cond, v) {
			found = true
		}
		return !found
	})
	return found
}

// nonNilTest reports whether cond is "v != nil".
func (c *checker) nonNilTest(cond ast.Expr, v types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	return ok && c.pass.TypesInfo.ObjectOf(id) == v && pkgtypes.IsNil(c.pass.TypesInfo, b.Y)
}

// testFailure reports whether the call, in test code, ends a test as
// failed or skipped.
func (c *checker) testFailure(call *ast.CallExpr) bool {
	if !c.callInTestCode(call) {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "testing":
		switch fn.Name() {
		case "Fatal", "Fatalf", "FailNow", "Skip", "Skipf", "SkipNow":
			return true
		}
	case "log":
		return strings.HasPrefix(fn.Name(), "Fatal")
	case "os":
		if fn.Name() == "Exit" && len(call.Args) == 1 {
			tv := c.pass.TypesInfo.Types[call.Args[0]]
			if tv.Value != nil && tv.Value.Kind() == constant.Int {
				code, exact := constant.Int64Val(tv.Value)
				return exact && code != 0
			}
		}
	}
	return false
}

// afterTestError reports whether the return, in test code, comes after a
// call that marks the test failed (t.Error, t.Errorf, t.Fail) among the
// statements before it in its own block: "t.Errorf(...); return" ends a
// test that has already failed, as t.Fatalf would.
func (c *checker) afterTestError(ret *ast.ReturnStmt) bool {
	if c.file == nil || ret.Pos() < c.file.Pos() || ret.End() > c.file.End() {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(c.file, ret.Pos(), ret.End())
	if len(path) < 2 {
		return false
	}
	list, _ := stmtlist.Of(path[1])
	for _, st := range list {
		if st == ast.Stmt(ret) {
			return false
		}
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if ok && c.marksTestFailed(call) {
			return true
		}
	}
	return false
}

// marksTestFailed reports whether the call, in test code, marks the test
// failed and goes on: Error, Errorf or Fail of a testing type.
func (c *checker) marksTestFailed(call *ast.CallExpr) bool {
	if !c.callInTestCode(call) {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "testing" {
		return false
	}
	switch fn.Name() {
	case "Error", "Errorf", "Fail":
		return true
	}
	return false
}

// callInTestCode reports whether the call is in a _test.go file or in a
// function that takes a testing type (inTestHelper).
func (c *checker) callInTestCode(call *ast.CallExpr) bool {
	return strings.HasSuffix(c.pass.Fset.File(call.Pos()).Name(), "_test.go") || c.inTestHelper(call)
}

// withoutFailures returns the skipping exits that are not test failures,
// the exits a default report lists, and false. When every exit is a
// failure it returns them all and true: the report is strict-only. Under
// -strict the failures are listed too.
func (c *checker) withoutFailures(skipped []pathflow.Leak) ([]pathflow.Leak, bool) {
	if strict || len(skipped) == 0 {
		return skipped, false
	}
	if c.failureOnly(nil, skipped) {
		return skipped, true
	}
	var out []pathflow.Leak
	for _, l := range skipped {
		if call, ok := l.Node.(*ast.CallExpr); ok && c.testFailure(call) {
			continue
		}
		out = append(out, l)
	}
	return out, false
}

// inTestHelper reports whether the call is in a function declaration that
// takes a test's type: *testing.T, *testing.B, *testing.F, testing.TB or
// *testing.M.
func (c *checker) inTestHelper(call *ast.CallExpr) bool {
	for _, file := range c.pass.Files {
		if file.FileStart > call.Pos() || call.Pos() >= file.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
		for _, n := range path {
			decl, ok := n.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				return false
			}
			params := fn.Type().(*types.Signature).Params()
			for i := range params.Len() {
				if testType(params.At(i).Type()) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// testType reports whether t is *testing.T, *testing.B, *testing.F,
// testing.TB or *testing.M.
func testType(t types.Type) bool { return testpar.IsTestingType(t, true) }
