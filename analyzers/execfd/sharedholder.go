package execfd

import (
	"go/ast"
	"go/types"
)

// A variable that holds the file the function opened on one path and a
// file it does not own on another ("if quiet { stdin, err = os.Open(os.DevNull)
// } else { stdin = os.Stdin }", direnv's rc.go) must be closed only where
// the function opened it: "close stdin right after Output" as written
// closes the process's own stdin on the other path. The hint says so, and
// no fix is offered.

// otherValue returns a value that some other assignment gives v (not the
// creation, not nil): what the variable may hold instead of the file the
// function opened. Nil when the creation is its only value.
func (fn *fun) otherValue(v *types.Var, create ast.Node) ast.Expr {
	info := fn.info()
	var other ast.Expr
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if other != nil {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			id, ok := ast.Unparen(lhs).(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			rhs := ast.Unparen(as.Rhs[i])
			if rhs == create || create != nil && rhs.Pos() <= create.Pos() && create.End() <= rhs.End() || info.Types[rhs].IsNil() {
				continue
			}
			other = rhs
		}
		return true
	})
	return other
}
