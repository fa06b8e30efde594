package tempcleanup

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// ownOpsCannotFail wraps the release predicate: the error of an operation
// that does not fail on an object the process created and owns is taken
// to be nil, so a return on that error ("if err := os.Chmod(dir, 0o755);
// err != nil { return err }") is not a path worth a finding, and is not
// searched. Strict keeps it. Such operations:
//
//   - os.Chmod of the object's own name, or its file's Chmod method: the
//     owner of a file may always change its mode (a path inside the
//     object may not exist, so it is not one);
//   - Seek on the temp file itself with a constant offset that is not
//     negative: lseek on a regular file fails only for a negative
//     position or a bad whence;
//   - crypto/rand.Read, documented never to return an error (since Go
//     1.24 it crashes the program instead);
//   - filepath.Abs and os.Getwd where paths use '/' (not Windows): they
//     fail only when the working directory is gone (removed, or outside
//     the process's root), and a process that just made its object has
//     one. On Windows Abs also rejects malformed names, and stays.
//
// Writes, Sync and the Close of a written file are not among them: they
// fail when the disk or the quota is full, or on a write-back error. Nor is
// Chown: an unprivileged process may not give its file away.
func (c *checker) ownOpsCannotFail(t *tempfacts.Tracker, obj *types.Var, release func(ast.Node, []ast.Node) pathflow.Action) func(ast.Node, []ast.Node) pathflow.Action {
	if strict {
		return release
	}
	return func(n ast.Node, stack []ast.Node) pathflow.Action {
		if a := release(n, stack); a.Effect != pathflow.None {
			return a
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(stack) == 0 || !c.cannotFail(t, obj, call) {
			return pathflow.Action{}
		}
		if v := c.errAssigned(call, stack[len(stack)-1]); v != nil {
			return pathflow.Action{Effect: pathflow.Succeeds, Err: v}
		}
		return pathflow.Action{}
	}
}

// cannotFail reports whether call is one of the operations of
// ownOpsCannotFail on the tracked object (t, or obj for its file).
func (c *checker) cannotFail(t *tempfacts.Tracker, obj *types.Var, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "os.Chmod":
			return len(call.Args) == 2 && t.NameExpr(call.Args[0])
		case "crypto/rand.Read":
			return true
		case "path/filepath.Abs", "os.Getwd":
			return slashPaths(fn.Pkg())
		}
		return false
	}
	if fn.Pkg().Path() != "os" || obj == nil || !pkgtypes.IsOSFile(sig.Recv().Type()) || !c.onVar(call, obj) {
		return false
	}
	switch fn.Name() {
	case "Chmod":
		return true
	case "Seek":
		return len(call.Args) == 2 && c.constantIn(call.Args[0], 0, -1) && c.constantIn(call.Args[1], 0, 2)
	}
	return false
}

// slashPaths reports whether the package (path/filepath or os), as built
// for the platform under analysis, separates paths with '/': the
// platforms whose filepath.Abs only cleans or joins with the working
// directory.
func slashPaths(pkg *types.Package) bool {
	name := "Separator"
	if pkg.Path() == "os" {
		name = "PathSeparator"
	}
	sep, ok := pkg.Scope().Lookup(name).(*types.Const)
	if !ok || sep.Val().Kind() != constant.Int {
		return false
	}
	v, exact := constant.Int64Val(sep.Val())
	return exact && v == '/'
}

// onVar reports whether call is a method call on the variable v.
func (c *checker) onVar(call *ast.CallExpr, v *types.Var) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == v
}

// constantIn reports whether e is an integer constant in [lo, hi], or at
// least lo when hi is negative.
func (c *checker) constantIn(e ast.Expr, lo, hi int64) bool {
	tv := c.pass.TypesInfo.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	x, exact := constant.Int64Val(tv.Value)
	return exact && x >= lo && (hi < 0 || x <= hi)
}

// errAssigned returns the error variable that the statement parent assigns
// from call, its last result: "err := f()", "_, err = f()". Nil when
// there is none.
func (c *checker) errAssigned(call *ast.CallExpr, parent ast.Node) *types.Var {
	lhs, rhs := pathflow.AssignSides(parent)
	if len(lhs) == 0 || len(rhs) != 1 || rhs[0] != call {
		return nil
	}
	id, ok := lhs[len(lhs)-1].(*ast.Ident)
	if !ok {
		return nil
	}
	info := c.pass.TypesInfo
	v, _ := info.Defs[id].(*types.Var)
	if v == nil {
		v, _ = info.Uses[id].(*types.Var)
	}
	if v == nil || !isErrorType(v.Type()) {
		return nil
	}
	return v
}
