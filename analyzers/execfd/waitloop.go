package execfd

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// The loop that waits for the commands a loop started ("for _, c := range
// cmds { if err := c.Wait(); err != nil { return err } }") waits for them
// one by one: a return inside it leaves the commands after the one it
// stopped at unwaited, each a zombie once it exits (git-lfs
// pipeExtensions). A return is fine when the commands not yet waited are
// waited before it, by a loop over the rest of the slice ("for _, d :=
// range cmds[i+1:] { d.Process.Kill(); d.Wait() }") or by a deferred wait
// for every command.
//
// The cleanup before the return when the k-th start fails may likewise
// wait only for the commands started so far, those below the starting
// loop's index: "range cmds[:i]", "for j := 0; j < i; j++", or
// "stopAll(cmds[:i])" (startedPrefix). The loops are counting loops of the
// SSA form (countingloop.go), the parts Slice instructions of the slice
// whose bounds are the loop's index.

// startedPrefix returns the nodes that wait for each command of the
// started prefix of the slice, those below the index of the loop that
// starts them: on the path where the i-th start failed, they wait for
// every child there is.
func (fn *fun) startedPrefix(rs *rangeStart) map[ast.Node]bool {
	nodes := fn.partWaits(rs.col.v, func(sl *ssa.Slice) bool {
		return isZeroValue(sl.Low) && sl.High == rs.index
	})
	b := fn.values()
	for _, el := range fn.elemLoops() {
		if el.inBody(b) && el.bound == rs.index && b.holds(rs.col.v, prefixOf(el.x)) && fn.elemsReleased(b, el, false) {
			nodes[el.node] = true // for j := 0; j < i; j++ { cmds[j].Wait() }
		}
	}
	return nodes
}

// partWaits returns the nodes that wait for each command of a part of the
// slice v that part accepts: the loop that visits every element of the
// part and waits for it ("for _, c := range cmds[:i] { c.Process.Kill();
// c.Wait() }"), or the call that gives the part to a function that waits
// for or keeps its elements ("stopAll(cmds[:i])").
func (fn *fun) partWaits(v *types.Var, part func(*ssa.Slice) bool) map[ast.Node]bool {
	nodes := make(map[ast.Node]bool)
	b := fn.values()
	if b == nil {
		return nodes
	}
	parts := make(map[ssa.Value]bool)
	for _, blk := range b.funcs[0].Blocks {
		for _, instr := range blk.Instrs {
			if sl, ok := instr.(*ssa.Slice); ok && sl.Max == nil && b.holds(v, sl.X) && part(sl) {
				parts[sl] = true
			}
		}
	}
	for _, el := range fn.elemLoops() {
		if el.inBody(b) && parts[el.x] && el.lenOf() == el.x && fn.elemsReleased(b, el, false) {
			nodes[el.node] = true
		}
	}
	for sl := range parts {
		for _, r := range *sl.Referrers() {
			c, ok := r.(ssa.CallInstruction)
			if !ok {
				continue
			}
			call := fn.callsByLparen()[c.Common().Pos()]
			if call == nil {
				continue
			}
			for _, a := range call.Args {
				if b.value[ast.Unparen(a)] != sl {
					continue
				}
				if u, known := fn.c.argUse(call, a); known && u&(useWaits|useTakes) != 0 {
					nodes[call] = true
				}
			}
		}
	}
	return nodes
}

// elemsReleased reports whether the loop waits for (closes) or hands on
// each element it reads (collections.go's elemReleased).
func (fn *fun) elemsReleased(b *bodyValues, el *elemLoop, files bool) bool {
	for _, addr := range el.elems {
		if fn.elemReleased(b, addr, files) {
			return true
		}
	}
	return false
}

// checkWaitLoops reports a return inside a loop that waits, one by one,
// for the commands the range start rs started.
func (fn *fun) checkWaitLoops(rs *rangeStart, released map[ast.Node]bool) {
	b := fn.values()
	col := rs.col
	for _, el := range fn.elemLoops() {
		if !el.inBody(b) || el.stmt == rs.loop || el.stmt.Pos() < rs.loop.End() || !b.holds(col.v, el.x) || !released[el.node] || fn.waitLoops[el.stmt] {
			continue
		}
		if fn.waitLoops == nil {
			fn.waitLoops = make(map[ast.Stmt]bool)
		}
		fn.waitLoops[el.stmt] = true // judged once, whichever loop started them
		wait := fn.elementWait(el)
		if wait == nil {
			continue
		}
		body := loopBody(el.stmt)
		rest := fn.partWaits(col.v, func(sl *ssa.Slice) bool {
			return sl.High == nil && sl.Low != nil && isIncrement(sl.Low, el.index)
		})
		q := &pathflow.Query{
			Info:     fn.info(),
			CFG:      fn.cfg,
			Creation: wait,
			Table:    fn.c.table,
			Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
				// A loop over the rest, or the slice waited or handed on
				// in the loop's body (stopAll(cmds) before the return).
				if rest[n] || (released[n] && within(n, body)) {
					return pathflow.Action{Effect: pathflow.Released}
				}
				return pathflow.Action{}
			},
		}
		all := maps.Clone(released)
		delete(all, el.node)
		fn.deferRelease(q, el.stmt.Pos(), all)
		for _, l := range pathflow.Leaks(q) {
			if l.Kind != pathflow.Return || !within(l.Node, body) {
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
	}
}

// elementWait returns the first call in the loop, outside function
// literals, that waits for the element it reads or the command the
// element holds: "c.Wait()", "cmds[i].Wait()", "c.cmd.Wait()".
func (fn *fun) elementWait(el *elemLoop) *ast.CallExpr {
	var first *ast.CallExpr
	for _, addr := range el.elems {
		for _, w := range fn.methodCalls(el.blocks, heldCmds(addr), "Wait") {
			call := fn.callsByLparen()[w.Pos()]
			if call != nil && within(call, el.stmt) && (first == nil || call.Pos() < first.Pos()) {
				if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
					first = call
				}
			}
		}
	}
	return first
}
