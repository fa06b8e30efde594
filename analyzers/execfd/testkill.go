package execfd

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/testpar"
)

// In a test, a child that is killed on every path where it is not waited
// (a deferred Process.Kill, say) stays a zombie only until the test binary
// exits, seconds later: it holds no resource but its process table entry,
// and it runs nothing. That finding is strict-only. A child that is
// neither waited nor killed on some path keeps running after the test and
// is still reported. Test code is a _test.go file, or a function that takes
// a *testing.T, *testing.B, *testing.F, testing.TB or *testing.M.

// killedInTest reports whether, in test code, the child of cmd started by
// the query's creation is killed or waited on every path to a return.
func (fn *fun) killedInTest(cmd *command, q *pathflow.Query) bool {
	if !cmd.kills || !fn.inTestCode() {
		return false
	}
	killed := *q
	killed.Release = func(n ast.Node, stack []ast.Node) pathflow.Action {
		if call, ok := n.(*ast.CallExpr); ok && (fn.waitsCmd(call, cmd.v) || fn.killsCmd(call, cmd.v)) {
			return pathflow.Action{Effect: pathflow.Released}
		}
		return pathflow.Action{}
	}
	for _, l := range pathflow.Leaks(&killed) {
		switch l.Kind {
		case pathflow.Return, pathflow.Reentry:
			return false
		}
	}
	return true
}

// killsCmd reports whether the call is cmd.Process.Kill() or
// cmd.Process.Signal(…) of the command v, or of an alias of its process.
func (fn *fun) killsCmd(call *ast.CallExpr, v *types.Var) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Kill" && sel.Sel.Name != "Signal" {
		return false
	}
	return fn.isProcessOf(sel.X, v) || fn.isAliasOf(sel.X, v)
}

// inTestCode reports whether the function is in a _test.go file or in a
// function declaration that takes a test's type.
func (fn *fun) inTestCode() bool {
	if strings.HasSuffix(fn.c.pass.Fset.File(fn.node.Pos()).Name(), "_test.go") {
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
