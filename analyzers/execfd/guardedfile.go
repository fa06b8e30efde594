package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// A file the function creates only under a condition ("if owned { f, err =
// os.Create(name) } else { f = devNull }") and hands to a child after it
// is the function's only where the condition held: on the other branch the
// variable holds a file someone else closes (a shared /dev/null closed by
// a defer). The search from the start assumes what the creation's branch
// said, so that "if owned { f.Close() }" after the start closes it on
// every path where it exists.

// creationGuard returns the boolean variable whose value the creation's
// branch required, and the value under which the file does not exist: the
// condition of the innermost if statement around the creation, when it is
// a local variable or a parameter (or its negation) that the function
// never assigns again.
func (fn *fun) creationGuard(create ast.Node) (*types.Var, bool) {
	path, _ := astutil.PathEnclosingInterval(fn.file, create.Pos(), create.End())
	info := fn.info()
	for i, n := range path {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || i == 0 {
			if _, lit := n.(*ast.FuncLit); lit {
				return nil, false
			}
			continue
		}
		inBody := path[i-1] == ifs.Body
		if !inBody && path[i-1] != ifs.Else {
			return nil, false // in the condition or the init
		}
		cond, negated := ast.Unparen(ifs.Cond), false
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			cond, negated = ast.Unparen(u.X), true
		}
		id, ok := cond.(*ast.Ident)
		if !ok {
			return nil, false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Pkg() != fn.c.pass.Pkg || v.Parent() == fn.c.pass.Pkg.Scope() || fn.assignedIn(v) {
			return nil, false
		}
		// In the body, the file exists where cond is true: absent when
		// it is false (negated: when it is true); in the else the
		// reverse.
		absentWhen := negated
		if !inBody {
			absentWhen = !absentWhen
		}
		return v, absentWhen
	}
	return nil, false
}
