package tempfacts

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A function given a list of paths may remove each of them in a range loop
// ("for _, name := range files { os.Remove(name) }", fzf's removeFiles):
// it releases the list, as os.Remove releases one path, once the loop is
// done. On the SSA form a range over a slice is a loop whose header
// compares an index, one more than a phi of the header, with the slice's
// length, and whose body loads the element at that index; the element is
// removed in every iteration when the block of the removal dominates every
// block that goes back to the header.

func isStringSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isString(s.Elem())
}

// removesEach reports, for a use of the carried list c that reads one of
// its elements, whether that use is the element of a range loop over the
// list that removes each element: it returns the loop's header test, where
// the list is released, or nil.
func (pf *paramFlow) removesEach(c carried, ref ssa.Instruction) ssa.Instruction {
	if !c.isValue() || c.h != holdsItself {
		return nil
	}
	return pf.r.removesEach(c.v, ref)
}

// removesEach is paramFlow.removesEach for a list list.
func (r *Result) removesEach(list ssa.Value, ref ssa.Instruction) ssa.Instruction {
	if !isStringSlice(list.Type()) {
		return nil
	}
	var index ssa.Value
	var elems []ssa.Value
	switch ref := ref.(type) {
	case *ssa.IndexAddr:
		if ref.X != list {
			return nil
		}
		index = ref.Index
		for _, u := range *ref.Referrers() {
			if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL {
				elems = append(elems, ld)
			}
		}
	case *ssa.Index:
		if ref.X != list {
			return nil
		}
		index, elems = ref.Index, []ssa.Value{ref}
	default:
		return nil
	}
	header := rangeHeader(list, index)
	if header == nil {
		return nil
	}
	for _, e := range elems {
		for _, u := range *e.Referrers() {
			ci, ok := u.(*ssa.Call)
			if !ok || !r.removesArg(ci, e) {
				continue
			}
			if everyIteration(header, ci.Block()) {
				return header.Instrs[len(header.Instrs)-1]
			}
		}
	}
	return nil
}

// rangeHeader returns the header block of the range loop over the slice s
// whose index is index, or nil if index is no such loop's.
func rangeHeader(s, index ssa.Value) *ssa.BasicBlock {
	next, ok := index.(*ssa.BinOp)
	if !ok || next.Op != token.ADD {
		return nil
	}
	phi, ok := next.X.(*ssa.Phi)
	if !ok || next.Block() != phi.Block() {
		return nil
	}
	b := phi.Block()
	test, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	cmp, ok := test.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.LSS || cmp.X != next {
		return nil
	}
	n, ok := cmp.Y.(*ssa.Call)
	if !ok || len(n.Call.Args) != 1 || n.Call.Args[0] != s {
		return nil
	}
	if bi, ok := n.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" {
		return nil
	}
	return b
}

// everyIteration reports whether the block b runs in every iteration of
// the loop with this header that goes on: it dominates every block in the
// loop that jumps back to the header.
func everyIteration(header, b *ssa.BasicBlock) bool {
	back := false
	for _, p := range header.Preds {
		if header.Dominates(p) {
			back = true
			if !b.Dominates(p) {
				return false
			}
		}
	}
	return back
}

// removesArg reports whether the call removes its argument v: os.Remove or
// os.RemoveAll of it, or a function that releases that parameter by
// removing it.
func (r *Result) removesArg(ci ssa.CallInstruction, v ssa.Value) bool {
	common := ci.Common()
	if common.IsInvoke() {
		return false
	}
	callee := common.StaticCallee()
	if callee == nil || callee.Signature.Recv() != nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return false
	}
	for i, a := range common.Args {
		if a != v {
			continue
		}
		key := funcKey(obj)
		switch {
		case stdRemovers[key]:
			return i == 0
		case isStd(key[0]) && obj.Pkg() != r.pkg:
		case r.ParamUse(obj, i) == Release && !r.keepsParam(obj, i):
			return true
		}
	}
	return false
}
