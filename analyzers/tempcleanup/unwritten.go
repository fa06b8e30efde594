package tempcleanup

import (
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// closeCannotFail wraps the release predicate of a temp file that nothing
// writes to: the Close of such a file has no buffered data to flush, so its
// error branch ("if err := f.Close(); err != nil { return err }") is not a
// path worth a finding, and is not searched. Strict keeps it.
func (c *checker) closeCannotFail(fn ast.Node, obj *types.Var, release func(ast.Node, []ast.Node) pathflow.Action) func(ast.Node, []ast.Node) pathflow.Action {
	if strict || obj == nil || !c.unwritten(fn, obj) {
		return release
	}
	info := c.pass.TypesInfo
	return func(n ast.Node, stack []ast.Node) pathflow.Action {
		if a := release(n, stack); a.Effect != pathflow.None {
			return a
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(stack) == 0 || !isMethodOf(info, call, obj, "Close") {
			return pathflow.Action{}
		}
		lhs, rhs := pathflow.AssignSides(stack[len(stack)-1])
		if len(lhs) != 1 || len(rhs) != 1 || rhs[0] != call {
			return pathflow.Action{}
		}
		id, ok := lhs[0].(*ast.Ident)
		if !ok {
			return pathflow.Action{}
		}
		v, _ := info.Defs[id].(*types.Var)
		if v == nil {
			v, _ = info.Uses[id].(*types.Var)
		}
		if v == nil {
			return pathflow.Action{}
		}
		return pathflow.Action{Effect: pathflow.Succeeds, Err: v}
	}
}

// unwritten reports whether every use of the file variable obj in fn (and
// the function literals within it) is obj.Name(), obj.Close() or
// obj.Stat(): nothing is written through it, nothing else holds it.
func (c *checker) unwritten(fn ast.Node, obj *types.Var) bool {
	info := c.pass.TypesInfo
	ok := true
	ast.PreorderStack(fn, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != obj {
			return ok
		}
		if len(stack) < 2 {
			ok = false
			return false
		}
		sel, isSel := stack[len(stack)-1].(*ast.SelectorExpr)
		call, isCall := stack[len(stack)-2].(*ast.CallExpr)
		if !isSel || !isCall || call.Fun != sel || sel.X != id {
			ok = false
			return false
		}
		switch sel.Sel.Name {
		case "Name", "Close", "Stat":
		default:
			ok = false
		}
		return false
	})
	return ok
}

// isMethodOf reports whether call is v.name().
func isMethodOf(info *types.Info, call *ast.CallExpr, v *types.Var, name string) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name || len(call.Args) != 0 {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && info.Uses[id] == v
}
