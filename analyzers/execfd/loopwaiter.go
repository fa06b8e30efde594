package execfd

import (
	"go/ast"
	"go/types"
)

// A loop that starts its commands one by one may reap each as it goes: a
// goroutine started right after the element's Start waits for it (lima's
// qemu driver: "go func() { vhostWaitCh <- vhostCmd.Wait() }()" after
// each vhostCmd.Start). A return when a later start fails then leaves no
// child unwaited: each started one has its waiter.

// waitedInLoop reports whether, in the loop body of rs, a statement after
// the one holding the start (in the body's own list, so it runs on every
// path past the start that stays in the iteration) waits for the element:
// go elem.Wait(), defer elem.Wait(), or a go or defer of a function
// literal that waits for it (waitsForElem).
func (fn *fun) waitedInLoop(rs *rangeStart) bool {
	after := false
	for _, st := range rs.body.List {
		if !after {
			after = st.Pos() <= rs.call.Pos() && rs.call.End() <= st.End()
			continue
		}
		var call *ast.CallExpr
		switch st := st.(type) {
		case *ast.GoStmt:
			call = st.Call
		case *ast.DeferStmt:
			call = st.Call
		default:
			continue
		}
		if fn.waitsForElem(call, rs) {
			return true
		}
		if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok && len(call.Args) == 0 {
			found := false
			ast.Inspect(lit.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && !found {
					found = fn.waitsForElem(c, rs)
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// waitsForElem reports whether the call waits for the element that rs
// starts: for the range's element variable, as waitsCmd judges a wait
// (collections.go); for an element written otherwise (cmds[i], ec.cmd),
// elem.Wait() or elem.Process.Wait() of the same expression.
func (fn *fun) waitsForElem(call *ast.CallExpr, rs *rangeStart) bool {
	started := ast.Unparen(ast.Unparen(rs.call.Fun).(*ast.SelectorExpr).X)
	if id, ok := started.(*ast.Ident); ok {
		v, _ := fn.info().Uses[id].(*types.Var)
		return v != nil && fn.waitsCmd(call, v)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Wait" || len(call.Args) != 0 {
		return false
	}
	x := ast.Unparen(sel.X)
	if p, ok := x.(*ast.SelectorExpr); ok && p.Sel.Name == "Process" {
		x = ast.Unparen(p.X)
	}
	return types.ExprString(x) == types.ExprString(started)
}
