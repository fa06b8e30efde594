package execfd

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Two expressions of a function may name the same command without being
// the same SSA value: each "cmds[i]" is a load of an address computed
// anew, a local copy that a closure captures is a cell the copy is stored
// into, a function literal sees the command as a free variable bound to
// that cell or as the parameter its one call gives it. sameValue looks
// through those to the value they all hold.

// sameValue reports whether x and y are the same value: equal after
// looking through the cells, free variables, parameters and phis that
// only pass a value on (origin), or loads of the same field or element
// address of the same value, or equal constants.
func sameValue(x, y ssa.Value) bool { return sameAt(x, y, 0) }

// sameAt is sameValue within a bounded depth of addresses.
func sameAt(x, y ssa.Value, depth int) bool {
	if depth > 8 || x == nil || y == nil {
		return false
	}
	x, y = origin(x), origin(y)
	if x == y {
		return true
	}
	switch x := x.(type) {
	case *ssa.UnOp:
		y, ok := y.(*ssa.UnOp)
		return ok && x.Op == token.MUL && y.Op == token.MUL && sameAddr(x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := y.(*ssa.Field)
		return ok && x.Field == y.Field && sameAt(x.X, y.X, depth+1)
	case *ssa.Index:
		y, ok := y.(*ssa.Index)
		return ok && sameAt(x.X, y.X, depth+1) && sameAt(x.Index, y.Index, depth+1)
	case *ssa.Const:
		y, ok := y.(*ssa.Const)
		return ok && x.Value != nil && y.Value != nil && types.Identical(x.Type(), y.Type()) && constant.Compare(x.Value, token.EQL, y.Value)
	}
	return false
}

// sameAddr reports whether the addresses a and b are those of the same
// field or element of the same value.
func sameAddr(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *ssa.FieldAddr:
		b, ok := b.(*ssa.FieldAddr)
		return ok && a.Field == b.Field && sameAt(a.X, b.X, depth)
	case *ssa.IndexAddr:
		b, ok := b.(*ssa.IndexAddr)
		return ok && sameAt(a.X, b.X, depth) && sameAt(a.Index, b.Index, depth)
	}
	return false
}

// origin returns the value that x passes on: the value stored once into
// the cell x is loaded from (a local that a closure captures, read in the
// function or, through the free variable bound to it, in the closure),
// the argument of the one call of a function literal for its parameter,
// the value every edge of a phi gives; x itself otherwise.
func origin(x ssa.Value) ssa.Value {
	for range 16 {
		var next ssa.Value
		switch v := x.(type) {
		case *ssa.UnOp:
			if v.Op == token.MUL {
				next = cellValue(v.X)
			}
		case *ssa.Parameter:
			next = literalArg(v)
		case *ssa.Phi:
			next = phiValue(v)
		}
		if next == nil {
			return x
		}
		x = next
	}
	return x
}

// phiValue returns the one value, other than the phi itself, that every
// edge of the phi gives, nil if they differ.
func phiValue(phi *ssa.Phi) ssa.Value {
	var one ssa.Value
	for _, e := range phi.Edges {
		if e == phi {
			continue
		}
		if one != nil && e != one {
			return nil
		}
		one = e
	}
	return one
}

// cellValue returns the one value stored into the local variable's cell
// addr, an Alloc or the free variable a closure binds to one, nil when
// the cell is stored into more than once or its address goes anywhere
// but to loads and closures (a function given &c may set it).
func cellValue(addr ssa.Value) ssa.Value {
	for {
		fv, ok := addr.(*ssa.FreeVar)
		if !ok {
			break
		}
		addr = freeVarBinding(fv)
	}
	a, ok := addr.(*ssa.Alloc)
	if !ok || a.Comment == "complit" || a.Comment == "varargs" || a.Comment == "slicelit" {
		return nil
	}
	var stored ssa.Value
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a || stored != nil {
				return nil
			}
			stored = r.Val
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil
			}
		case *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return stored
}

// freeVarBinding returns the value bound to the free variable by the one
// closure of its function made in the enclosing function, nil if there is
// not exactly one.
func freeVarBinding(fv *ssa.FreeVar) ssa.Value {
	f := fv.Parent()
	i := -1
	for j, v := range f.FreeVars {
		if v == fv {
			i = j
		}
	}
	var bound ssa.Value
	n := 0
	for _, mc := range closuresOf(f) {
		n++
		if i >= 0 && i < len(mc.Bindings) {
			bound = mc.Bindings[i]
		}
	}
	if n != 1 {
		return nil
	}
	return bound
}

// closuresOf returns the closures of the function literal f that its
// enclosing function makes.
func closuresOf(f *ssa.Function) []*ssa.MakeClosure {
	parent := f.Parent()
	if parent == nil {
		return nil
	}
	var mcs []*ssa.MakeClosure
	for _, blk := range parent.Blocks {
		for _, instr := range blk.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == f {
				mcs = append(mcs, mc)
			}
		}
	}
	return mcs
}

// literalArg returns the argument that the one call of the function
// literal gives its parameter p ("go func(c *exec.Cmd) { c.Wait() }(c)"),
// nil when the literal is a value used otherwise or called more than once.
func literalArg(p *ssa.Parameter) ssa.Value {
	f := p.Parent()
	parent := f.Parent()
	if parent == nil {
		return nil
	}
	i := -1
	for j, q := range f.Params {
		if q == p {
			i = j
		}
	}
	var callee ssa.Value = f
	if mcs := closuresOf(f); len(mcs) == 1 {
		callee = mcs[0]
	} else if len(mcs) > 1 {
		return nil
	}
	var arg ssa.Value
	for _, blk := range parent.Blocks {
		for _, instr := range blk.Instrs {
			if _, ok := instr.(*ssa.DebugRef); ok {
				continue
			}
			call, ok := instr.(ssa.CallInstruction)
			if ok && call.Common().Value == callee && !call.Common().IsInvoke() {
				if arg != nil || i < 0 || i >= len(call.Common().Args) {
					return nil
				}
				arg = call.Common().Args[i]
				continue
			}
			// The literal used as a value, not called: it may run with
			// any argument.
			for _, op := range instr.Operands(nil) {
				if *op == callee {
					return nil
				}
			}
		}
	}
	return arg
}
