package execfd

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// The loops that start or wait for the elements of a slice one by one are
// found on the SSA form (bodyvalues.go), whatever their syntax: a range
// loop over the slice or a part of it, a loop over its indexes, a loop
// whose index only serves to read the slice, an element copied to a local
// before its use. Each is a cycle of the control-flow graph whose index
// counts the iterations from 0 by one, bounded by a test at an exit of the
// cycle, and the elements are the values loaded at that index.

// A countingLoop is a cycle of the control-flow graph with an index that
// takes the values 0, 1, 2, ... one per iteration.
type countingLoop struct {
	phi *ssa.Phi // the index at the head of the cycle
	// index is the value of the index in the body: the phi, or the phi
	// plus one where the range loop's index starts at -1.
	index  ssa.Value
	blocks map[*ssa.BasicBlock]bool // the blocks of the cycle
	// bound is B of the exit's test "index < B": the index stays below
	// it in the body; nil if no such test ends the cycle.
	bound ssa.Value
}

// countingIndex returns the loop whose index the value is, nil when the
// value is not an index that counts the iterations of a cycle from 0: its
// phi takes a constant from outside the cycle and, on every edge from
// inside, itself plus one, and nothing else.
func countingIndex(k ssa.Value) *countingLoop {
	var phi *ssa.Phi
	var offset int64
	switch k := k.(type) {
	case *ssa.Phi:
		phi = k
	case *ssa.BinOp:
		p, ok := k.X.(*ssa.Phi)
		if !ok || !isIncrement(k, p) {
			return nil
		}
		phi, offset = p, 1
	default:
		return nil
	}
	head := phi.Block()
	if len(phi.Edges) != len(head.Preds) {
		return nil
	}
	inits := 0
	var start int64
	var latches []*ssa.BasicBlock
	for i, e := range phi.Edges {
		pred := head.Preds[i]
		if c, ok := e.(*ssa.Const); ok && !head.Dominates(pred) {
			n, ok := constInt(c)
			if !ok {
				return nil
			}
			start = n
			inits++
			continue
		}
		if !head.Dominates(pred) || !isIncrement(e, phi) {
			return nil
		}
		latches = append(latches, pred)
	}
	if inits != 1 || len(latches) == 0 || start+offset != 0 {
		return nil
	}
	l := &countingLoop{phi: phi, index: k, blocks: naturalLoop(head, latches)}
	l.bound = l.exitBound()
	return l
}

// isIncrement reports whether e is x+1.
func isIncrement(e, x ssa.Value) bool {
	b, ok := e.(*ssa.BinOp)
	if !ok || b.Op != token.ADD {
		return false
	}
	one := func(x ssa.Value) bool {
		c, ok := x.(*ssa.Const)
		n, isInt := constInt(c)
		return ok && isInt && n == 1
	}
	return (b.X == x && one(b.Y)) || (one(b.X) && b.Y == x)
}

// constInt returns the value of an integer constant.
func constInt(c *ssa.Const) (int64, bool) {
	if c == nil || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// naturalLoop returns the blocks of the cycle through head: head, and
// those that reach one of the latches without passing it.
func naturalLoop(head *ssa.BasicBlock, latches []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	blocks := map[*ssa.BasicBlock]bool{head: true}
	work := slices.Clone(latches)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if blocks[b] {
			continue
		}
		blocks[b] = true
		work = append(work, b.Preds...)
	}
	return blocks
}

// exitBound returns B of the test "i < B" that leaves the cycle when it
// fails, with i the index or the next one (a loop tested at its bottom).
func (l *countingLoop) exitBound() ssa.Value {
	for _, b := range l.phi.Parent().Blocks {
		if !l.blocks[b] || len(b.Instrs) == 0 {
			continue
		}
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !l.blocks[b.Succs[0]] || l.blocks[b.Succs[1]] {
			continue
		}
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.LSS {
			continue
		}
		if cmp.X == l.phi || cmp.X == l.index || isIncrement(cmp.X, l.phi) {
			return cmp.Y
		}
	}
	return nil
}

// lenOf returns the slice whose length bounds the loop's index, nil when
// the bound is not "len(x)": the loop visits every element of x.
func (l *countingLoop) lenOf() ssa.Value {
	c, ok := l.bound.(*ssa.Call)
	if !ok || !isBuiltin(c.Call.Value, "len") || len(c.Call.Args) != 1 {
		return nil
	}
	return c.Call.Args[0]
}

// An elemLoop is a counting loop of the function that reads the elements
// of a slice at its index.
type elemLoop struct {
	*countingLoop
	x     ssa.Value   // the slice: a value of a variable, or a part of one
	elems []ssa.Value // the addresses of the elements read at the index (or the elements)
	stmt  ast.Stmt    // the loop as written
	// node is where the loop begins to visit the elements, for a search
	// on the syntax: the range's operand, the for loop's condition.
	node ast.Node
}

// elemLoops returns the loops of the function and of the literals in it
// that read a slice's elements at their counting index.
func (fn *fun) elemLoops() []*elemLoop {
	if fn.loops != nil {
		return *fn.loops
	}
	fn.loops = new([]*elemLoop)
	b := fn.values()
	if b == nil {
		return nil
	}
	byKey := make(map[[2]ssa.Value]*elemLoop)
	loops := make(map[ssa.Value]*countingLoop) // by index; nil: not one

	for _, blk := range allBlocks(b.funcs) {
		for _, instr := range blk.Instrs {
			var x, k, elem ssa.Value
			switch in := instr.(type) {
			case *ssa.IndexAddr:
				x, k, elem = in.X, in.Index, in // loaded from, or its field's address taken
			case *ssa.Index:
				x, k, elem = in.X, in.Index, in
			default:
				continue
			}
			if !isSliceValue(x) {
				continue
			}
			key := [2]ssa.Value{x, k}
			if el := byKey[key]; el != nil {
				el.elems = append(el.elems, elem)
				continue
			}
			l, known := loops[k]
			if !known {
				l = countingIndex(k)
				loops[k] = l
			}
			if l == nil || !l.blocks[blk] {
				continue
			}
			pos := instr.Pos()
			if !pos.IsValid() {
				pos = valuePos(b, elem) // the range's value variable
			}
			stmt, node := fn.loopStmt(b, l, pos)
			if stmt == nil {
				continue
			}
			el := &elemLoop{countingLoop: l, x: x, elems: []ssa.Value{elem}, stmt: stmt, node: node}
			byKey[key] = el
			*fn.loops = append(*fn.loops, el)
		}
	}
	return *fn.loops
}

// isSliceValue reports whether x is a slice (not an array, a pointer to
// one, or a string).
func isSliceValue(x ssa.Value) bool {
	_, ok := x.Type().Underlying().(*types.Slice)
	return ok
}

// loopStmt returns the loop statement of the function, and the node where
// it begins to visit elements, that the counting loop l is the form of:
// the outermost loop around pos whose condition (a for loop), or key or
// value (a range loop), is computed in the cycle of l. The loops around l
// compute theirs outside it (in another function when l is in a literal),
// the loops inside l are inside this one. Failing that, the outermost
// range loop with neither key nor value whose own test is in the cycle.
func (fn *fun) loopStmt(b *bodyValues, l *countingLoop, pos token.Pos) (ast.Stmt, ast.Node) {
	if !pos.IsValid() {
		return nil, nil
	}
	inCycle := func(e ast.Expr) bool {
		if e == nil {
			return false
		}
		in, ok := b.value[ast.Unparen(e)].(ssa.Instruction)
		return ok && l.blocks[in.Block()]
	}
	// testedIn reports whether the cycle tests an index against the
	// range's operand: "for range names" with a counter of its own.
	testedIn := func(e ast.Expr) bool {
		x := b.value[ast.Unparen(e)]
		if x == nil || x.Referrers() == nil {
			return false
		}
		bounds := []ssa.Value{x}
		for _, r := range *x.Referrers() {
			if c, ok := r.(*ssa.Call); ok && isBuiltin(c.Call.Value, "len") {
				bounds = append(bounds, c)
			}
		}
		for _, y := range bounds {
			for _, r := range *y.Referrers() {
				if cmp, ok := r.(*ssa.BinOp); ok && cmp.Op == token.LSS && cmp.Y == y && l.blocks[cmp.Block()] {
					return true
				}
			}
		}
		return false
	}
	var stmt ast.Stmt
	var node ast.Node
	find := func(ours func(n ast.Node) bool) {
		ast.Inspect(fn.body, func(n ast.Node) bool {
			if stmt != nil || n == nil || n.Pos() > pos || pos >= n.End() {
				return false
			}
			if ours(n) {
				switch n := n.(type) {
				case *ast.ForStmt:
					stmt, node = n, n.Cond
				case *ast.RangeStmt:
					stmt, node = n, n.X
				}
			}
			return stmt == nil
		})
	}
	find(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			return inCycle(n.Cond)
		case *ast.RangeStmt:
			return inCycle(n.Key) || inCycle(n.Value)
		}
		return false
	})
	if stmt == nil {
		find(func(n ast.Node) bool {
			r, ok := n.(*ast.RangeStmt)
			return ok && r.Key == nil && r.Value == nil && testedIn(r.X)
		})
	}
	return stmt, node
}

// valuePos returns the position of an expression that names the element
// at the address, or reads it.
func valuePos(b *bodyValues, addr ssa.Value) token.Pos {
	vals := []ssa.Value{addr}
	for _, r := range *addr.Referrers() {
		if l, ok := r.(*ssa.UnOp); ok && l.Op == token.MUL {
			vals = append(vals, l)
		}
	}
	for _, v := range vals {
		for _, e := range b.exprs[v] {
			return e.Pos()
		}
	}
	return token.NoPos
}

// heldCmds returns the values that are the element at the address, or
// the value of one of its fields: "c" of "for _, c := range cmds",
// "cmds[i]", "stages[i].cmd".
func heldCmds(addr ssa.Value) map[ssa.Value]bool {
	held := map[ssa.Value]bool{addr: true}
	var follow func(x ssa.Value, field bool)
	follow = func(x ssa.Value, field bool) {
		for _, r := range *x.Referrers() {
			switch r := r.(type) {
			case *ssa.UnOp:
				if r.Op == token.MUL && r.X == x && !held[r] {
					held[r] = true
					follow(r, field)
				}
			case *ssa.FieldAddr:
				if !field && !held[r] {
					held[r] = true
					follow(r, true)
				}
			case *ssa.Field:
				if !field && !held[r] {
					held[r] = true
					follow(r, true)
				}
			case *ssa.Store:
				// s of "for _, s := range stages" with struct
				// elements: the local the element is copied to,
				// assigned nothing else.
				if a, ok := r.Addr.(*ssa.Alloc); ok && r.Val == x && !a.Heap && !held[a] && storedOnce(a) {
					held[a] = true
					follow(a, field)
				}
			}
		}
	}
	follow(addr, false)
	return held
}

// storedOnce reports whether one store sets the local.
func storedOnce(a *ssa.Alloc) bool {
	n := 0
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			n++
		}
	}
	return n == 1
}

// methodCalls returns the calls, in the blocks, of the method named name
// on one of the values, whose receiver is a command or a wrapper of one.
func (fn *fun) methodCalls(blocks map[*ssa.BasicBlock]bool, values map[ssa.Value]bool, name string) []*ssa.Call {
	var calls []*ssa.Call
	for x := range values {
		for _, r := range *x.Referrers() {
			call, ok := r.(*ssa.Call)
			if !ok || !blocks[call.Block()] || call.Call.IsInvoke() || len(call.Call.Args) != 1 || call.Call.Args[0] != x {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Signature.Recv() == nil || callee.Name() != name || !fn.c.isCmdLike(x.Type()) {
				continue
			}
			calls = append(calls, call)
		}
	}
	slices.SortFunc(calls, func(a, b *ssa.Call) int { return int(a.Pos() - b.Pos()) })
	return calls
}

// allBlocks returns the blocks of the functions.
func allBlocks(funcs []*ssa.Function) []*ssa.BasicBlock {
	var blocks []*ssa.BasicBlock
	for _, f := range funcs {
		blocks = append(blocks, f.Blocks...)
	}
	return blocks
}

// inBody reports whether the loop is in the function itself, not in a
// literal inside it.
func (l *countingLoop) inBody(b *bodyValues) bool {
	return l.phi.Parent() == b.funcs[0]
}
