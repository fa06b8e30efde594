package tempcleanup

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// besideTarget reports whether the creation's directory is the directory
// of another path (os.CreateTemp(filepath.Dir(filename), ...),
// os.CreateTemp(filepath.Split(filename))): the object is made next to
// a target, to be renamed onto it or dropped, as an atomic write does.
// That directory is where the target lives, the user's or the
// program's, not a staging directory whose owner removes what is left in
// it: when the function releases the object on some path (renames it,
// removes it, hands it on), the paths that do not leak it into a directory
// nobody cleans. The directory argument is such a call, or a local
// variable every assignment of which is one.
func (c *checker) besideTarget(fn ast.Node, dirArg ast.Expr) bool {
	if dirArg == nil {
		return false
	}
	if call, ok := ast.Unparen(dirArg).(*ast.CallExpr); ok {
		return c.dirOfPath(call)
	}
	id, ok := ast.Unparen(dirArg).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil {
		return false
	}
	assigned, all := 0, true
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			lid, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || c.res.Var(lid) != v {
				continue
			}
			assigned++
			var rhs ast.Expr
			switch {
			case len(as.Rhs) == len(as.Lhs):
				rhs = as.Rhs[i]
			case len(as.Rhs) == 1 && i == 0: // dir, _ := filepath.Split(name)
				rhs = as.Rhs[0]
			}
			call, ok := ast.Unparen(rhs).(*ast.CallExpr)
			if !ok || !c.dirOfPath(call) {
				all = false
			}
		}
		return true
	})
	return assigned > 0 && all && v.Parent() != nil && v.Parent() != c.pass.Pkg.Scope()
}

// dirOfPath reports whether call is filepath.Dir, path.Dir,
// filepath.Split or path.Split: the directory that holds a path.
func (c *checker) dirOfPath(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "path/filepath", "path":
		return fn.Name() == "Dir" || fn.Name() == "Split"
	}
	return false
}
