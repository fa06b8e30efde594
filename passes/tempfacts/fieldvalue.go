package tempfacts

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Which SSA values are the object a field holds, or its name: loads of
// the field through conversions, phis, local cells and captured variables
// (releasepaths.go).

// addrField returns the field that fa addresses, its origin for a generic
// type.
func addrField(fa *ssa.FieldAddr) *types.Var {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}

// heldIn reports whether v is the value field f holds: a load of the
// field, through conversions, phis and local cells.
func heldIn(v ssa.Value, f *types.Var, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch addr := x.X.(type) {
		case *ssa.FieldAddr:
			return addrField(addr) == f
		case *ssa.FreeVar:
			// A captured variable: its cell, bound where the literal is made.
			if b := binding(addr); b != nil {
				if cell, ok := b.(*ssa.Alloc); ok {
					return cellHolds(cell, f, seen)
				}
			}
		case *ssa.Alloc:
			return cellHolds(addr, f, seen)
		}
	case *ssa.FreeVar:
		b := binding(x)
		return b != nil && heldIn(b, f, seen)
	case *ssa.Field:
		st, ok := x.X.Type().Underlying().(*types.Struct)
		return ok && x.Field < st.NumFields() && st.Field(x.Field).Origin() == f
	case *ssa.ChangeType:
		return heldIn(x.X, f, seen)
	case *ssa.Convert:
		return heldIn(x.X, f, seen)
	case *ssa.MakeInterface:
		return heldIn(x.X, f, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if heldIn(e, f, seen) {
				return true
			}
		}
	}
	return false
}

// cellHolds reports whether some store into the local cell stores the
// value field f holds.
func cellHolds(cell *ssa.Alloc, f *types.Var, seen map[ssa.Value]bool) bool {
	for _, ref := range *cell.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == cell && heldIn(st.Val, f, seen) {
			return true
		}
	}
	return false
}

// binding returns the value bound to the free variable v where its
// function literal is made, or nil.
func binding(v *ssa.FreeVar) ssa.Value {
	lit := v.Parent()
	i := slices.Index(lit.FreeVars, v)
	if i < 0 || lit.Parent() == nil {
		return nil
	}
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == lit && i < len(mc.Bindings) {
				return mc.Bindings[i]
			}
		}
	}
	return nil
}

// nameIn reports whether v is the name of what field f holds: the field's
// value (a path), the Name() of the file it holds, or what a method of the
// package that returns its receiver as a string (a path wrapper's
// String(): returnsReceiver) returns for it.
func (r *Result) nameIn(v ssa.Value, f *types.Var) bool {
	if heldIn(v, f, make(map[ssa.Value]bool)) {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 1 || call.Call.StaticCallee() == nil {
		return false
	}
	fn, _ := call.Call.StaticCallee().Object().(*types.Func)
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if funcKey(fn) != [2]string{"os", "File.Name"} && (fn.Pkg() != r.pkg || !r.returnsReceiver(fn)) {
		return false
	}
	return heldIn(call.Call.Args[0], f, make(map[ssa.Value]bool))
}

// valueWork is the worklist of the SSA value walks that follow an object
// (creatorssa.go, ownerresult.go): each value once, and at most 1000 of
// them, so that a pathological body ends the walk rather than the pass.
type valueWork struct {
	seen map[ssa.Value]bool
	work []ssa.Value
}

func (w *valueWork) push(v ssa.Value) {
	if w.seen == nil {
		w.seen = make(map[ssa.Value]bool)
	}
	if v != nil && !w.seen[v] && len(w.seen) < 1000 {
		w.seen[v] = true
		w.work = append(w.work, v)
	}
}

// next pops the next value to visit, false when none is left.
func (w *valueWork) next() (ssa.Value, bool) {
	if len(w.work) == 0 {
		return nil, false
	}
	v := w.work[len(w.work)-1]
	w.work = w.work[:len(w.work)-1]
	return v, true
}

// pushCaptured pushes the free variables of the literal mc makes that v
// is bound to: inside the literal they are v.
func (w *valueWork) pushCaptured(mc *ssa.MakeClosure, v ssa.Value) {
	for i, b := range mc.Bindings {
		if b == v {
			w.push(mc.Fn.(*ssa.Function).FreeVars[i])
		}
	}
}
