package tempfacts

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// What one instruction does with the object a field holds, for the
// path-by-path judgement of releasers (releasepaths.go): removes it,
// registers its removal, calls a releaser, or hands the value off.

// releaseInstr reports whether instr releases what field f holds by itself
// (direct), or names the releaser of the package it calls.
func (r *Result) releaseInstr(instr ssa.Instruction, f *types.Var, releasers map[*types.Func]fieldJudgement) (direct bool, callee *types.Func) {
	if c, ok := instr.(ssa.CallInstruction); ok {
		return r.releaseCall(c.Common(), f, releasers, make(map[*ssa.Function]bool))
	}
	return false, nil
}

// handsOff reports whether instr lets the value field f holds go where
// this function no longer answers for it: returned to the caller, stored
// into another field or a package variable, passed to code the analysis
// cannot see (a function value, an interface method).
func (r *Result) handsOff(instr ssa.Instruction, f *types.Var) bool {
	held := func(v ssa.Value) bool { return heldIn(v, f, make(map[ssa.Value]bool)) }
	switch instr := instr.(type) {
	case *ssa.Return:
		return slices.ContainsFunc(instr.Results, held)
	case *ssa.Store:
		switch addr := instr.Addr.(type) {
		case *ssa.Global:
			return held(instr.Val)
		case *ssa.FieldAddr:
			return addrField(addr) != f && held(instr.Val)
		}
	case ssa.CallInstruction:
		c := instr.Common()
		if c.IsInvoke() || c.StaticCallee() == nil {
			return slices.ContainsFunc(c.Args, held)
		}
	}
	return false
}

// releaseCall judges a call, a deferred call or a goroutine.
func (r *Result) releaseCall(c *ssa.CallCommon, f *types.Var, releasers map[*types.Func]fieldJudgement, seen map[*ssa.Function]bool) (bool, *types.Func) {
	// A closure that removes it, called, deferred, started or handed to
	// a function that registers it (t.Cleanup, sync.Once.Do).
	for _, a := range append([]ssa.Value{c.Value}, c.Args...) {
		if mc, ok := a.(*ssa.MakeClosure); ok {
			if d, callee := r.closureReleases(mc.Fn.(*ssa.Function), f, releasers, seen); d || callee != nil {
				return d, callee
			}
		}
		if lit, ok := a.(*ssa.Function); ok && lit.Parent() != nil {
			if d, callee := r.closureReleases(lit, f, releasers, seen); d || callee != nil {
				return d, callee
			}
		}
	}
	if c.IsInvoke() {
		return false, nil
	}
	callee := c.StaticCallee()
	if callee == nil {
		return false, nil
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		return false, nil
	}
	fn = fn.Origin()
	key := funcKey(fn)
	switch {
	case stdRemovers[key], key == [2]string{"os", "Rename"}:
		return len(c.Args) > 0 && r.nameIn(c.Args[0], f), nil
	case fn.Pkg() == r.pkg:
		if _, ok := releasers[fn]; ok {
			return false, fn
		}
		sig := fn.Type().(*types.Signature)
		first := 0
		if sig.Recv() != nil {
			first = 1
		}
		for i, a := range c.Args {
			if i >= first && heldIn(a, f, make(map[ssa.Value]bool)) && r.ParamUse(fn, i-first) == Release {
				return true, nil
			}
		}
	}
	return false, nil
}

// closureReleases reports whether the function literal lit (or one inside
// it) removes what f holds on some path, or calls a releaser.
func (r *Result) closureReleases(lit *ssa.Function, f *types.Var, releasers map[*types.Func]fieldJudgement, seen map[*ssa.Function]bool) (bool, *types.Func) {
	if seen[lit] {
		return false, nil
	}
	seen[lit] = true
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if d, callee := r.releaseCall(c.Common(), f, releasers, seen); d || callee != nil {
					return d, callee
				}
			}
		}
	}
	return false, nil
}

// Removes reports whether fn, a releaser of what field f holds, removes
// it on some path (or calls a releaser that does), rather than only
// renaming it to its target: a writer whose Close renames its temp file
// onto the target is no method to call on a failure path, where it would
// put a partial file in the target's place.
func (r *Result) Removes(fn *types.Func, f *types.Var) bool {
	return r.removes(fn.Origin(), f.Origin(), make(map[*types.Func]bool))
}

func (r *Result) removes(fn *types.Func, f *types.Var, seen map[*types.Func]bool) bool {
	releasers := r.judgeReleases(f)
	if _, ok := releasers[fn]; !ok || seen[fn] {
		return false
	}
	seen[fn] = true
	sf := r.releaseSSA(fn, nil)
	if sf == nil {
		return false
	}
	for _, lit := range append([]*ssa.Function{sf}, allAnon(sf)...) {
		for _, b := range lit.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok || c.Common().IsInvoke() || c.Common().StaticCallee() == nil {
					continue
				}
				callee, _ := c.Common().StaticCallee().Object().(*types.Func)
				if callee == nil {
					continue
				}
				callee = callee.Origin()
				args := c.Common().Args
				switch {
				case stdRemovers[funcKey(callee)]:
					if len(args) > 0 && r.nameIn(args[0], f) {
						return true
					}
				case callee.Pkg() == r.pkg:
					if r.removes(callee, f, seen) {
						return true
					}
					sig := callee.Type().(*types.Signature)
					first := 0
					if sig.Recv() != nil {
						first = 1
					}
					for i, a := range args {
						if i >= first && heldIn(a, f, make(map[ssa.Value]bool)) && r.ParamUse(callee, i-first) == Release {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// allAnon returns the function literals in sf, nested ones included.
func allAnon(sf *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, a := range sf.AnonFuncs {
		out = append(out, a)
		out = append(out, allAnon(a)...)
	}
	return out
}
