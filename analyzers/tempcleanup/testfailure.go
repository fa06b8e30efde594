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
	"github.com/tmplint/tmplint/internal/testpar"
)

// In a test file, a leak only on paths where the test has already failed
// (t.Fatal, t.FailNow, t.Skip and their kind, log.Fatal in an example or a
// helper) is strict-only: the run is reported as failed, and its
// leftovers are a debugging aid more than a leak a maintainer would fix.
// os.Exit with a code that is not a constant is no failure: os.Exit(m.Run())
// in TestMain skips the deferred removal on every run. os.Exit with a
// constant code other than 0 (TestMain's "could not find the go tool";
// os.Exit(2)) ends a run that failed.

// The same holds for an error return of a test helper whose callers all
// fail the test on that error: a function of a _test.go file whose every
// use in the package is a call "…, err := f(…)" (or "=") followed at once
// by "if err != nil { …; t.Fatal(…) }", and the leaking return returns a
// non-nil error. And test code is also a function outside _test.go files
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
		if ret, ok := l.Node.(*ast.ReturnStmt); ok && c.failingErrorReturn(fn, ret) {
			continue
		}
		call, ok := l.Node.(*ast.CallExpr)
		if !ok || !c.testFailure(call) {
			return false
		}
	}
	return true
}

// failingErrorReturn reports whether the return, in the function fn of a
// _test.go file, returns a non-nil error to callers that all fail the
// test on it.
func (c *checker) failingErrorReturn(fn ast.Node, ret *ast.ReturnStmt) bool {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok || len(ret.Results) == 0 || !strings.HasSuffix(c.pass.Fset.File(ret.Pos()).Name(), "_test.go") {
		return false
	}
	obj, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	if t := c.pass.TypesInfo.TypeOf(last); t == nil || !types.Identical(t, types.Universe.Lookup("error").Type()) || pkgtypes.IsNil(c.pass.TypesInfo, last) {
		return false
	}
	if id, ok := ast.Unparen(last).(*ast.Ident); ok {
		// A named error variable: non-nil only if the return is in the
		// branch that tested it.
		if !c.testedNonNil(decl, ret, c.pass.TypesInfo.ObjectOf(id)) {
			return false
		}
	}
	return c.callersFail(obj)
}

// testedNonNil reports whether the return lies in the body of an
// "if v != nil" of the function.
func (c *checker) testedNonNil(decl *ast.FuncDecl, ret *ast.ReturnStmt, v types.Object) bool {
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
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

// callersFail reports whether every use of the function in the package is
// a call whose error result the next statement tests and fails the test
// on ("if err != nil { …; t.Fatal(…) }"), and there is at least one.
func (c *checker) callersFail(fn *types.Func) bool {
	uses := 0
	for _, file := range c.pass.Files {
		ok := true
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !ok || !isID || c.pass.TypesInfo.Uses[id] != fn {
				return ok
			}
			uses++
			ok = c.failsOnError(id, stack)
			return ok
		})
		if !ok {
			return false
		}
	}
	return uses > 0
}

// failsOnError reports whether the use id of a function, with its
// ancestors in stack, is the call of "…, err := f(…)" and the statement
// after it is "if err != nil { … }" whose body ends in a test failure, or
// is "if …, err := f(…); err != nil { … }" of that kind.
func (c *checker) failsOnError(id *ast.Ident, stack []ast.Node) bool {
	n := len(stack)
	if n < 3 {
		return false
	}
	call, ok := stack[n-1].(*ast.CallExpr)
	if !ok || ast.Unparen(call.Fun) != id {
		return false
	}
	assign, ok := stack[n-2].(*ast.AssignStmt)
	if !ok || len(assign.Rhs) != 1 || assign.Rhs[0] != call {
		return false
	}
	errID, ok := assign.Lhs[len(assign.Lhs)-1].(*ast.Ident)
	if !ok {
		return false
	}
	errVar := c.pass.TypesInfo.ObjectOf(errID)
	var check *ast.IfStmt
	switch p := stack[n-3].(type) {
	case *ast.IfStmt:
		if p.Init == assign {
			check = p
		}
	case *ast.BlockStmt:
		for i, s := range p.List {
			if s == assign && i+1 < len(p.List) {
				check, _ = p.List[i+1].(*ast.IfStmt)
			}
		}
	}
	if check == nil || !c.nonNilTest(check.Cond, errVar) || len(check.Body.List) == 0 {
		return false
	}
	stmt, ok := check.Body.List[len(check.Body.List)-1].(*ast.ExprStmt)
	if !ok {
		return false
	}
	fail, ok := ast.Unparen(stmt.X).(*ast.CallExpr)
	return ok && c.testFailure(fail)
}

// testFailure reports whether the call, in test code, ends a test as
// failed or skipped.
func (c *checker) testFailure(call *ast.CallExpr) bool {
	if !strings.HasSuffix(c.pass.Fset.File(call.Pos()).Name(), "_test.go") && !c.inTestHelper(call) {
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
