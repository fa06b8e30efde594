package execfd

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// The loop that waits for the commands a range loop started ("for _, c :=
// range cmds { if err := c.Wait(); err != nil { return err } }") waits for
// them one by one: a return inside it leaves the commands after the one it
// stopped at unwaited, each a zombie once it exits (git-lfs
// pipeExtensions). A return is fine when the commands not yet waited are
// waited before it, by a loop over the rest of the slice ("for _, d :=
// range cmds[i+1:] { d.Process.Kill(); d.Wait() }") or by a deferred wait
// for every command.
//
// The cleanup before the return when the k-th start fails may likewise
// wait only for the commands started so far, "range cmds[:i]" with i the
// starting loop's index: those are all there is to wait for on that path
// (startedPrefix).

// startedPrefix returns the nodes that wait for each command of the
// started prefix of the slice, "range cmds[:i]" or "stopAll(cmds[:i])" in
// the body of the loop "for i, c := range cmds { ... c.Start() ... }"
// (partWaits): on the path where the i-th start failed, they wait for
// every child there is.
func (fn *fun) startedPrefix(rs *rangeStart) map[ast.Node]bool {
	info := fn.info()
	key := rs.key
	if key == nil {
		return nil
	}
	return fn.partWaits(rs.body, rs.col.v, func(sl *ast.SliceExpr) bool {
		return isZero(info, sl.Low) && isVar(info, sl.High, key)
	})
}

// partWaits returns the nodes, in body, that wait for each command of a
// part of the slice v that part accepts: the operand of a range loop over
// it whose body waits for the element ("for _, c := range cmds[:i] {
// c.Process.Kill(); c.Wait() }"), or the call that gives it to a function
// that waits for or keeps its elements ("stopAll(cmds[:i])").
func (fn *fun) partWaits(body ast.Node, v *types.Var, part func(*ast.SliceExpr) bool) map[ast.Node]bool {
	info := fn.info()
	nodes := make(map[ast.Node]bool)
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		sl, ok := n.(*ast.SliceExpr)
		if !ok || sl.Slice3 || !isVar(info, sl.X, v) || !part(sl) || len(stack) == 0 {
			return true
		}
		i, child := outsideParens(stack, sl)
		if i < 0 {
			return true
		}
		switch p := stack[i].(type) {
		case *ast.RangeStmt:
			if p.X == child && fn.releasesElements(p, &collection{v: v}) {
				nodes[p.X] = true
			}
		case *ast.CallExpr:
			if u, known := fn.c.argUse(p, child.(ast.Expr)); p.Fun != child && known && u&(useWaits|useTakes) != 0 {
				nodes[p] = true
			}
		}
		return true
	})
	return nodes
}

// isZero reports whether the slice bound e is absent or the constant 0.
func isZero(info *types.Info, e ast.Expr) bool {
	if e == nil {
		return true
	}
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.String() == "0"
}

// rangeVar returns the variable a range loop's key or value declares or
// assigns.
func rangeVar(info *types.Info, e ast.Expr) (*types.Var, bool) {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v, v != nil
}

// checkWaitLoops reports a return inside a loop that waits, one by one,
// for the commands the range start rs started.
func (fn *fun) checkWaitLoops(rs *rangeStart, released map[ast.Node]bool) {
	info := fn.info()
	col := rs.col
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		loop, ok := n.(*ast.RangeStmt)
		if !ok || ast.Stmt(loop) == rs.loop || loop.Pos() < rs.loop.End() || !isVar(info, loop.X, col.v) || !released[loop.X] || fn.waitLoops[loop] {
			return true
		}
		if fn.waitLoops == nil {
			fn.waitLoops = make(map[*ast.RangeStmt]bool)
		}
		fn.waitLoops[loop] = true // judged once, whichever loop started them
		wait := fn.elementWait(loop, col.v)
		if wait == nil {
			return true
		}
		rest := fn.restWaits(loop, col.v)
		q := &pathflow.Query{
			Info:     info,
			CFG:      fn.cfg,
			Creation: wait,
			Table:    fn.c.table,
			Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
				// A loop over the rest, or the slice waited or handed on
				// in the loop's body (stopAll(cmds) before the return).
				if rest[n] || (released[n] && loop.Body.Pos() <= n.Pos() && n.End() <= loop.Body.End()) {
					return pathflow.Action{Effect: pathflow.Released}
				}
				return pathflow.Action{}
			},
		}
		all := maps.Clone(released)
		delete(all, loop.X)
		fn.deferRelease(q, loop.Pos(), all)
		for _, l := range pathflow.Leaks(q) {
			if l.Kind != pathflow.Return || l.Node.Pos() < loop.Body.Pos() || loop.Body.End() < l.Node.End() {
				continue
			}
			x := ast.Unparen(wait.Fun).(*ast.SelectorExpr).X
			stop := "Process.Kill, then Wait"
			if held := fn.elemCmd(x); held != "" { // rangestart.go
				stop = stopHeld(held)
			}
			fn.unwaitedReport()(analysis.Diagnostic{
				Pos: wait.Pos(), End: wait.End(),
				Message: fmt.Sprintf("%s.Wait waits for the commands of %s one by one, but a return inside the loop leaves the commands after it unwaited (each stays a zombie once it exits); before that return, stop and reap the commands of %s not yet waited: %s, having first closed whatever feeds a command's Stdin or set its WaitDelay (or, if they end on their own, wait for every command and keep the first error)",
					types.ExprString(x), col.v.Name(), col.v.Name(), stop),
				Related: related(l.Node, "this return leaves the commands after it unwaited"),
			})
			break
		}
		return true
	})
}

// elementWait returns the first call in the loop's body, outside function
// literals, that waits for the element: "c.Wait()", "c.cmd.Wait()".
func (fn *fun) elementWait(loop *ast.RangeStmt, v *types.Var) *ast.CallExpr {
	info := fn.info()
	val, _ := rangeVar(info, loop.Value)
	key, _ := rangeVar(info, loop.Key)
	var wait *ast.CallExpr
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || wait != nil {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Wait" || len(call.Args) != 0 || !fn.c.isCmdLike(info.TypeOf(sel.X)) {
			return true
		}
		x := ast.Unparen(sel.X)
		if f, ok := x.(*ast.SelectorExpr); ok && info.Selections[f] != nil && info.Selections[f].Kind() == types.FieldVal {
			x = ast.Unparen(f.X) // ec.cmd.Wait()
		}
		switch x := x.(type) {
		case *ast.Ident:
			if val != nil && info.Uses[x] == val {
				wait = call
			}
		case *ast.IndexExpr:
			if key != nil && isVar(info, x.X, v) && isVar(info, x.Index, key) {
				wait = call
			}
		}
		return true
	})
	return wait
}

// restWaits returns the nodes, inside the waiting loop, that wait for each
// command after the current element: "range cmds[i+1:]" whose body waits
// for each element, "stopAll(cmds[i+1:])" (partWaits).
func (fn *fun) restWaits(loop *ast.RangeStmt, v *types.Var) map[ast.Node]bool {
	info := fn.info()
	key, _ := rangeVar(info, loop.Key)
	if key == nil {
		return nil
	}
	return fn.partWaits(loop.Body, v, func(sl *ast.SliceExpr) bool {
		return sl.High == nil && afterKey(info, sl.Low, key)
	})
}

// afterKey reports whether e is key+1.
func afterKey(info *types.Info, e ast.Expr, key *types.Var) bool {
	bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || bin.Op != token.ADD {
		return false
	}
	one := func(x ast.Expr) bool {
		tv, ok := info.Types[x]
		return ok && tv.Value != nil && tv.Value.String() == "1"
	}
	return (isVar(info, bin.X, key) && one(bin.Y)) || (one(bin.X) && isVar(info, bin.Y, key))
}
