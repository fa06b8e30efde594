package tempfacts

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Fresh owners, judged on the SSA form.
//
// A function returns a fresh owner as result i when every return gives
// that result nil, a value of an owner type that the function made itself
// (a composite literal or new of the type, also one held in a variable
// and filled field by field before it is returned), or the same result of
// another function that does; for a result of interface type, also a
// value of a type that owns nothing. A value made here that is stored
// elsewhere or handed to a call before it is returned is not fresh: the
// caller would not hold the only reference.

// computeFreshOwner returns the returnsOwner fact of fn, a function of
// the package, or nil. The syntactic pre-pass (mayReturnFresh,
// makesOwner) keeps the functions whose SSA form is built, together.
func (r *Result) computeFreshOwner(fn *types.Func) *returnsOwner {
	d := r.decls[fn]
	sig, ok := fn.Type().(*types.Signature)
	if d == nil || !ok || !slices.Contains(r.freshOwnerCandidates(), fn) {
		return nil
	}
	sf := r.releaseSSA(fn, r.freshOwnerCandidates())
	if sf == nil {
		return nil
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if !r.mayReturnFresh(sig, i) {
			continue
		}
		if o, some := r.returnsFresh(sf, sig, i); o != nil {
			return &returnsOwner{Result: i, Some: some, Owner: *o}
		}
	}
	return nil
}

// freshOwnerCandidates returns, once, the functions of the package that
// may return a fresh owner: a result of an owner type or an interface,
// and a body that makes a value of an owner type, calls another package's
// function with a returnsOwner fact, or calls such a function of the
// package. A package that makes no owner value builds nothing.
func (r *Result) freshOwnerCandidates() []*types.Func {
	if r.freshCandidates != nil {
		return r.freshCandidates
	}
	r.freshCandidates = []*types.Func{}
	may := func(fn *types.Func) bool {
		d := r.decls[fn]
		sig, ok := fn.Type().(*types.Signature)
		if d == nil || !ok {
			return false
		}
		for i := 0; i < sig.Results().Len(); i++ {
			if r.mayReturnFresh(sig, i) {
				return true
			}
		}
		return false
	}
	cands := make(map[*types.Func]bool)
	var work []*types.Func
	for fn, d := range r.decls {
		if may(fn) && r.makesOwner(d) {
			cands[fn] = true
			work = append(work, fn)
		}
	}
	calls := r.localCallers()
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, caller := range calls[fn] {
			if !cands[caller] && may(caller) {
				cands[caller] = true
				work = append(work, caller)
			}
		}
	}
	out := slices.Collect(maps.Keys(cands))
	slices.SortFunc(out, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	r.freshCandidates = append(r.freshCandidates, out...)
	return r.freshCandidates
}

// mayReturnFresh reports whether result i of sig is of an owner type or an
// interface.
func (r *Result) mayReturnFresh(sig *types.Signature, i int) bool {
	t := sig.Results().At(i).Type()
	if types.IsInterface(t) {
		return true
	}
	named := ownerNamed(t)
	return named != nil && r.OwnerTypeOf(named) != nil
}

// makesOwner reports whether the body of d makes a value of an owner type
// (a composite literal, new) or calls another package's function with a
// returnsOwner fact.
func (r *Result) makesOwner(d *ast.FuncDecl) bool {
	makes := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if makes {
			return false
		}
		switch n := n.(type) {
		case *ast.CompositeLit:
			makes = r.OwnerTypeOf(ownerNamed(r.info.TypeOf(n))) != nil
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if b, ok := r.info.Uses[id].(*types.Builtin); ok && b.Name() == "new" && len(n.Args) == 1 {
					makes = r.OwnerTypeOf(ownerNamed(r.info.TypeOf(n.Args[0]))) != nil
					return true
				}
			}
			if callee, ok := typeutil.Callee(r.info, n).(*types.Func); ok {
				makes = r.ownerResultsMemo[callee.Origin()] != nil
			}
		}
		return !makes
	})
	return makes
}

// returnsFresh returns the owner type of the values that every return of
// sf gives result i, made here (or nil), and at least one return gives. A
// result of interface type may be given values of types that own nothing
// on other paths (some), never a value of an owner type that was not made
// here, nor one of another interface.
func (r *Result) returnsFresh(sf *ssa.Function, sig *types.Signature, i int) (owner *OwnerType, some bool) {
	iface := types.IsInterface(sig.Results().At(i).Type())
	bad := false
	found := func(o *OwnerType) {
		if owner != nil && owner.Name != o.Name {
			bad = true
		}
		owner = o
	}
	seen := make(map[ssa.Value]bool)
	var judge func(v ssa.Value)
	judge = func(v ssa.Value) {
		if bad || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			if x.IsNil() {
				return
			}
		case *ssa.Phi:
			for _, e := range x.Edges {
				judge(e)
			}
			return
		case *ssa.MakeInterface:
			if o, s := r.freshValue(x.X); o != nil && !s {
				found(o)
				return
			}
			if iface && r.ownsNothing(x.X.Type()) {
				some = true
				return
			}
		default:
			if o, s := r.freshValue(v); o != nil && (iface || !s) {
				found(o)
				some = some || s
				return
			}
		}
		bad = true
	}
	for _, b := range sf.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			judge(ret.Results[i])
		}
	}
	if bad {
		return nil, false
	}
	return owner, some
}

// freshValue returns the owner type of v when v is an owner value made
// here: an allocation of the type (&T{}, new(T)), a struct of the type
// built here (T{}), or the fresh owner result of a call; some as the
// callee's fact says.
func (r *Result) freshValue(v ssa.Value) (o *OwnerType, some bool) {
	switch x := v.(type) {
	case *ssa.Alloc:
		if o := r.allocOwner(x); o != nil && r.onlyFilled(x, o) {
			return o, false
		}
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			if o := r.allocOwner(a); o != nil && r.onlyFilled(a, o) {
				return o, false
			}
		}
	case *ssa.Call:
		if x.Call.Signature().Results().Len() == 1 {
			if k, o, s := r.FreshOwner(calleeFunc(x)); o != nil && k == 0 {
				return o, s
			}
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if k, o, s := r.FreshOwner(calleeFunc(call)); o != nil && k == x.Index {
				return o, s
			}
		}
	}
	return nil, false
}

// allocOwner returns the owner type of the struct a allocates, or nil.
func (r *Result) allocOwner(a *ssa.Alloc) *OwnerType {
	p, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return nil
	}
	return r.OwnerTypeOf(named)
}

// onlyFilled reports whether the struct a allocates, of the owner type o,
// is only filled (its fields stored and read, a struct made here copied
// into it, a setter or a creating method of o called on it) and returned:
// never stored elsewhere nor handed to another call.
func (r *Result) onlyFilled(a *ssa.Alloc, o *OwnerType) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr, *ssa.UnOp, *ssa.Return, *ssa.Phi, *ssa.MakeInterface, *ssa.DebugRef, *ssa.BinOp:
		case *ssa.Call:
			if !r.fills(ref, a, o) {
				return false
			}
		case *ssa.Store:
			if ref.Val == a {
				return false
			}
			switch val := ref.Val.(type) {
			case *ssa.Const:
			case *ssa.UnOp:
				if _, made := val.X.(*ssa.Alloc); !made || val.Op != token.MUL {
					return false
				}
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// fills reports whether call only fills the struct a, of the owner type
// o, made here: a setter whose facts say it stores another argument into
// a field of a (s.setDir(d), fill(s, d)), or a creating method of o with
// a as its receiver (s.init()), given a nowhere else.
func (r *Result) fills(call *ssa.Call, a *ssa.Alloc, o *OwnerType) bool {
	c := call.Common()
	if c.IsInvoke() || c.StaticCallee() == nil {
		return false
	}
	obj, _ := c.StaticCallee().Object().(*types.Func)
	if obj == nil {
		return false
	}
	off := 0
	if c.StaticCallee().Signature.Recv() != nil {
		off = 1
	}
	at := -2 // the parameter a is given to; -1 the receiver
	for i, arg := range c.Args {
		if arg != a {
			continue
		}
		if at != -2 {
			return false // given twice
		}
		at = i - off
	}
	if at == -1 {
		if named := receiverType(obj); named != nil && named.Origin() == ownerNamed(a.Type().(*types.Pointer).Elem()).Origin() && slices.Contains(o.Creators, obj.Name()) {
			return true
		}
	}
	if sets := r.fieldSetsOf(obj); sets != nil {
		for _, s := range sets.Sets {
			if s.Into == at && s.Param != at {
				return true
			}
		}
	}
	return false
}
