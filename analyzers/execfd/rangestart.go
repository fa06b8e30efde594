package execfd

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// Commands made into a local slice first ("cmds = append(cmds,
// exec.Command(n))", a slice literal of commands) and then started by a
// range loop over the slice (or a loop over its indexes) ("for _, c := range cmds { if err :=
// c.Start(); err != nil { return err } }") are the function's, as if it
// had named each: the return when the k-th start fails leaves the k-1
// children started before it unwaited. Every path from such a start must
// pass a loop that waits for each element of the slice, or hand the slice
// on, before it returns.

// A rangeStart is a start of the element of a loop over a local slice of
// fresh commands.
type rangeStart struct {
	call  *ast.CallExpr // elem.Start()
	start *ssa.Call     // its SSA form: Args[0] is the command started
	elem  string        // the element as written: "c", "cmds[i]"
	col   *collection
	loop  ast.Stmt // the loop as written
	body  *ast.BlockStmt
	// index is the loop's index, the started element's: the commands
	// started before it are those of col below it.
	index ssa.Value
}

// collectRangeStarts finds the starts of elements of local slices that
// hold only commands the function made, in a loop that reads them one by
// one at its counting index (countingloop.go): a range loop over the slice
// or a part of it, a loop over its indexes, the element copied to a local
// before its start.
func (fn *fun) collectRangeStarts() {
	if !fn.mayStartInLoop() {
		return
	}
	b := fn.values()
	if b == nil {
		return
	}
	seen := make(map[*ast.CallExpr]bool)
	for _, el := range fn.elemLoops() {
		if !el.inBody(b) {
			continue
		}
		v := fn.freshSlice(b, prefixOf(el.x))
		if v == nil {
			continue
		}
		for _, addr := range el.elems {
			for _, start := range fn.methodCalls(el.blocks, heldCmds(addr), "Start") {
				call := fn.callsByLparen()[start.Pos()]
				if call == nil || seen[call] {
					continue
				}
				sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				seen[call] = true
				fn.rangeStarts = append(fn.rangeStarts, &rangeStart{call: call, start: start, elem: types.ExprString(sel.X), col: &collection{v: v}, loop: el.stmt, body: loopBody(el.stmt), index: el.index})
			}
		}
	}
}

// loopBody returns the body of a for or range statement.
func loopBody(loop ast.Stmt) *ast.BlockStmt {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// mayStartInLoop is the cheap look before the SSA form: whether the body
// calls a method named Start inside a loop, and names a slice that may
// hold commands (mayCollect), without which the package's form is not
// built for it.
func (fn *fun) mayStartInLoop() bool {
	found := false
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if found || inLit {
			return false
		}
		sel, ok := n.(*ast.SelectorExpr)
		if ok && sel.Sel.Name == "Start" {
			for _, s := range stack {
				switch s.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					found = true
				}
			}
		}
		return !found
	})
	return found && fn.c.mayCollect(fn.body)
}

// prefixOf returns the slice that x is a prefix of, "cmds" of "cmds[:n]",
// or x.
func prefixOf(x ssa.Value) ssa.Value {
	for {
		sl, ok := x.(*ssa.Slice)
		if !ok || !isZeroValue(sl.Low) || sl.Max != nil || !isSliceValue(sl.X) {
			return x
		}
		x = sl.X
	}
}

// isZeroValue reports whether a slice bound is absent or the constant 0.
func isZeroValue(x ssa.Value) bool {
	if x == nil {
		return true
	}
	c, ok := x.(*ssa.Const)
	n, isInt := constInt(c)
	return ok && isInt && n == 0
}

// freshSlice returns the local slice variable that holds the value and
// only fresh commands, nil if none does.
func (fn *fun) freshSlice(b *bodyValues, x ssa.Value) *types.Var {
	for _, v := range b.varsAt[x] {
		if v.IsField() || v.Pos() < fn.body.Pos() || v.Pos() >= fn.body.End() {
			continue
		}
		if fn.holdsFreshCmds(v) {
			return v
		}
	}
	return nil
}

// holdsFreshCmds reports whether the local slice of commands is given,
// in the function, only fresh commands, judged on the SSA form
// (bodyvalues.go): every value the variable holds is nil, made, a literal
// of command creations, or an append of them to itself (or a merge of
// such values), every element set stores one, and its address goes
// nowhere else.
func (fn *fun) holdsFreshCmds(s *types.Var) bool {
	sl, ok := s.Type().Underlying().(*types.Slice)
	if !ok || !(fn.c.isCmdLike(sl.Elem()) || fn.c.holdsCmdField(sl.Elem())) || s.Parent() == nil || s.Parent() == fn.c.pass.Pkg.Scope() {
		return false
	}
	b := fn.values()
	if b == nil || len(b.vars[s]) == 0 {
		return false
	}
	fresh := func(e ssa.Value, stmt ast.Node) bool {
		if fn.creation(b, e, stmt) {
			return true
		}
		// &extCommand{cmd: exec.Command(n)}: a new wrapper whose
		// command is made in it, or left for its own methods to fill
		// (wrapper.go).
		if fn.c.isWrapper(sl.Elem()) {
			alloc, ok := e.(*ssa.Alloc)
			return ok && alloc.Comment == "complit" && len(b.exprsWithin(alloc, stmt)) > 0 && fn.freshFields(b, alloc, false)
		}
		return !fn.c.isCmdLike(sl.Elem()) && fn.freshHolder(b, e)
	}
	seen := make(map[ssa.Value]bool)
	var value func(x ssa.Value) bool
	var cell func(addr ssa.Value) bool
	value = func(x ssa.Value) bool {
		if seen[x] {
			return true
		}
		seen[x] = true
		switch x := x.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.MakeSlice:
			return true
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !value(e) {
					return false
				}
			}
			return true
		case *ssa.Slice:
			elems := literalElems(x, "slicelit")
			if elems == nil || len(b.exprs[x]) == 0 {
				return false
			}
			for _, e := range elems {
				if !fresh(e, b.exprs[x][0]) {
					return false
				}
			}
			return true
		case *ssa.Call:
			if !isBuiltin(x.Call.Value, "append") || len(x.Call.Args) != 2 || !b.holds(s, x.Call.Args[0]) {
				return false
			}
			elems := literalElems(x.Call.Args[1], "varargs")
			call := fn.callsByLparen()[x.Pos()]
			if elems == nil || call == nil {
				return false
			}
			for _, e := range elems {
				if !fresh(e, call) {
					return false
				}
			}
			return value(x.Call.Args[0])
		case *ssa.UnOp:
			return x.Op == token.MUL && cell(x.X)
		case *ssa.Alloc, *ssa.FreeVar:
			return cell(x)
		}
		return false
	}
	// cell judges the variable's cell when a closure captures it: what is
	// stored there, and where its address goes.
	cell = func(addr ssa.Value) bool {
		if seen[addr] {
			return true
		}
		seen[addr] = true
		switch addr.(type) {
		case *ssa.Alloc, *ssa.FreeVar:
		default:
			return false
		}
		for _, r := range *addr.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != addr || !value(r.Val) {
					return false
				}
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
			case *ssa.MakeClosure:
				closure := r.Fn.(*ssa.Function)
				for i, bnd := range r.Bindings {
					if bnd == addr && !cell(closure.FreeVars[i]) {
						return false
					}
				}
			case *ssa.DebugRef:
			default:
				return false // &cmds: set elsewhere
			}
		}
		return true
	}
	for _, x := range b.vars[s] {
		if !value(x) {
			return false
		}
	}
	// cmds[i] = exec.Command(n): an element set.
	for _, f := range b.funcs {
		for _, blk := range f.Blocks {
			for _, instr := range blk.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				if ia, ok := st.Addr.(*ssa.IndexAddr); ok && seen[ia.X] && !fresh(st.Val, fn.stmtAt(st.Pos())) {
					return false
				}
			}
		}
	}
	return true
}

// creation reports whether the value is the result of a call, written in
// the node at, that makes a fresh command (creators.go).
func (fn *fun) creation(b *bodyValues, x ssa.Value, at ast.Node) bool {
	c, ok := x.(*ssa.Call)
	if !ok {
		return false
	}
	for _, e := range b.exprsWithin(x, at) {
		if call, ok := e.(*ast.CallExpr); ok && call.Lparen == c.Pos() {
			return fn.c.isCmdCreatorCall(call)
		}
	}
	return false
}

// freshFields reports whether every command stored into a field of the
// composite literal alloc is made there by a creation (or, with locals, is
// a local command the function made and has not started), and, with
// locals, that there is one.
func (fn *fun) freshFields(b *bodyValues, alloc *ssa.Alloc, locals bool) bool {
	held := false
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, rr := range *fa.Referrers() {
			st, ok := rr.(*ssa.Store)
			if !ok || st.Addr != fa {
				continue
			}
			t := st.Val.Type()
			if !locals && !isCmd(t) || locals && !fn.c.isCmdLike(t) {
				continue
			}
			if fn.creation(b, st.Val, fn.stmtAt(st.Pos())) {
				held = true
				continue
			}
			if !locals {
				return false
			}
			fresh := false
			for _, v := range b.varsAt[st.Val] {
				if cmd := fn.cmds[v]; cmd != nil && cmd.owned && !cmd.startedAny {
					fresh = true
				}
			}
			if !fresh {
				return false
			}
			held = true
		}
	}
	return held || !locals
}

// freshHolder reports whether the value is a new struct (or its address)
// holding only fresh commands: a composite literal whose command fields are
// creations or local commands that the function made and has not started.
func (fn *fun) freshHolder(b *bodyValues, x ssa.Value) bool {
	if l, ok := x.(*ssa.UnOp); ok && l.Op == token.MUL {
		x = l.X
	}
	alloc, ok := x.(*ssa.Alloc)
	if !ok || alloc.Comment != "complit" || !fn.c.holdsCmdField(alloc.Type().(*types.Pointer).Elem()) {
		return false
	}
	return fn.freshFields(b, alloc, true)
}

// checkRangeStarts follows each range start to the returns.
func (fn *fun) checkRangeStarts() {
	if fn.c.reaps() || fn.isMain() {
		return
	}
	for _, rs := range fn.rangeStarts {
		if fn.waitedInLoop(rs) { // loopwaiter.go
			continue
		}
		// Collected from a range loop's body: always in the loop.
		released := fn.releases(rs.col)
		fn.checkWaitLoops(rs, released) // waitloop.go
		if prefix := fn.startedPrefix(rs); len(prefix) > 0 {
			released = maps.Clone(released)
			maps.Copy(released, prefix)
		}
		q := &pathflow.Query{
			Info:     fn.info(),
			CFG:      fn.cfg,
			Creation: rs.call,
			Table:    fn.c.table,
			Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
				if released[n] {
					return pathflow.Action{Effect: pathflow.Released}
				}
				return pathflow.Action{}
			},
		}
		fn.deferRelease(q, rs.call.Pos(), released)
		var returns []pathflow.Leak
		for _, l := range pathflow.Leaks(q) {
			if l.Kind == pathflow.Return {
				returns = append(returns, l)
			}
		}
		if len(returns) == 0 {
			continue
		}
		slices.SortFunc(returns, func(a, b pathflow.Leak) int { return cmp.Compare(a.Node.Pos(), b.Node.Pos()) })
		// The message says why by the first return; every return that
		// leaves them unwaited is listed.
		inLoop := func(l pathflow.Leak) bool { return rs.body.Pos() <= l.Node.Pos() && l.Node.End() <= rs.body.End() }
		why := "they are never waited (each stays a zombie once it exits)"
		if inLoop(returns[0]) {
			why = "when a later start fails, the children started so far are never waited (each stays a zombie once it exits)"
		}
		var rel []analysis.RelatedInformation
		for i, l := range returns {
			at := "this return leaves them unwaited"
			if inLoop(l) {
				at = "this return leaves the children started so far unwaited"
			}
			if i > 0 {
				at = strings.Replace(at, "this return leaves", "this return also leaves", 1)
			}
			rel = append(rel, related(l.Node, at)...)
		}
		col := rs.col.v.Name()
		started, stop := "its Process is not nil", "Process.Kill, then Wait"
		if held := fn.elemCmd(ast.Unparen(rs.call.Fun).(*ast.SelectorExpr).X); held != "" {
			started, stop = held+".Process is not nil", stopHeld(held)
		}
		fn.unwaitedReport()(analysis.Diagnostic{
			Pos: rs.call.Pos(), End: rs.call.End(),
			Message: fmt.Sprintf("%s.Start starts the commands of %s one by one, but some path returns without waiting for them: %s; before returning, stop and reap each command in %s that was started (%s): %s, having first closed whatever feeds a command's Stdin or set its WaitDelay (Wait also waits for the goroutine that copies a non-file Stdin into the child)",
				rs.elem, col, why, col, started, stop),
			Related: rel,
		})
	}
}

// An element of a slice may hold its command rather than be it: a struct
// with the command in a field (stages[i].cmd.Start()), or a wrapper that
// keeps it in a named field (p.Start() of a *proc whose command is p.cmd).
// The hint to stop the children then names the path to the command, as
// stopName does for one wrapper: p.cmd.Process.Kill, then p.cmd.Wait; a
// bare "Process.Kill" would not compile on the element.

// elemCmd returns the path from the element to its command, as written in
// a hint ("s.cmd", "p.cmd"), when the element x of a start or a wait holds
// the command in a named field; "" when x is the command, or a wrapper
// that embeds it (its Process and Wait are the command's).
func (fn *fun) elemCmd(x ast.Expr) string {
	info := fn.info()
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			return types.ExprString(x) // s.cmd.Start(): the field is named
		}
	}
	t := info.TypeOf(x)
	if t == nil || !fn.c.isWrapper(t) {
		return ""
	}
	named := types.Unalias(types.Unalias(t).(*types.Pointer).Elem()).(*types.Named)
	if f := heldCmdField(named); !f.Embedded() {
		return types.ExprString(x) + "." + f.Name()
	}
	return ""
}

// stopHeld is the hint's way to stop and reap the command at the path
// held: "p.cmd.Process.Kill, then p.cmd.Wait".
func stopHeld(held string) string {
	return fmt.Sprintf("%[1]s.Process.Kill, then %[1]s.Wait", held)
}

// holdsCmdField reports whether t is a struct, or a pointer to one, with a
// field that holds a command: a slice of them holds commands (S9).
func (c *checker) holdsCmdField(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if c.isCmdLike(f.Type()) {
			return true
		}
	}
	return false
}
