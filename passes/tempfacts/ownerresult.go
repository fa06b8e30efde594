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

// Constructors of owners, judged on the SSA form.
//
// A function of the package that creates a temp object and returns, on
// some path, a value it made itself with the object in a field hands the
// obligation to its caller in that field: the caller holds the only
// owner, and a return of the caller that drops it (neither returned,
// stored, passed on nor released by removing the field) leaves the object
// on disk, as a return that drops an owner made in the function itself
// does (git-lfs's newHandler, whose caller removes handler.tempdir only
// after its loop). The object reaches the owner's field however the
// function fills it: a composite literal ("return &handler{tempdir:
// dir}, nil"), a store into a struct it made ("s := &T{}; s.dir = d"), a
// setter (s.setDir(d): setsfield.go), a struct built whole and copied in
// ("*s = T{dir: d}"), or a creating method of the owner's type called on
// the fresh value (s.init()); the owner reaches the return through phis,
// local cells and named results. A return that the function's own
// removal of the object dominates, or any return after a deferred
// removal of it or a deferred release of the owner, hands nothing on.
// This is known for the functions of the package; another package's
// caller learns it from the returnsOwner fact (Holds) of a constructor
// of an owner type.

// An OwnerResult describes a constructor of an owner of a temp object.
type OwnerResult struct {
	Result int        // the result index of the owner
	Field  *types.Var // the field that holds the object itself
	Kind   Kind
	// DirParam is the parameter naming the object's parent directory, -1
	// if none; OtherDir says the constructor made it in a directory it
	// names itself that is no temp location.
	DirParam int
	OtherDir bool
}

// ReturnsOwner returns what fn, a function of the package, returns as an
// owner of a temp object it created, or nil.
func (r *Result) ReturnsOwner(fn *types.Func) *OwnerResult {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if o, ok := r.ownerResults[fn]; ok {
		return o
	}
	r.ownerResults[fn] = nil // recursion
	o := r.computeOwnerResult(fn)
	r.ownerResults[fn] = o
	return o
}

// ownerResultCandidates returns, once, the functions of the package that
// may return an owner they filled: a result, and a body that creates a
// temp object or calls a creating method of an owner type. Their SSA
// forms are built together.
func (r *Result) ownerResultCandidates() []*types.Func {
	if r.ownerResultCands != nil {
		return r.ownerResultCands
	}
	r.ownerResultCands = []*types.Func{}
	for fn, d := range r.decls {
		sig, ok := fn.Type().(*types.Signature)
		if !ok || sig.Results().Len() == 0 {
			continue
		}
		if len(r.creationsIn(fn)) > 0 || r.callsCreator(d) {
			r.ownerResultCands = append(r.ownerResultCands, fn)
		}
	}
	slices.SortFunc(r.ownerResultCands, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return r.ownerResultCands
}

// callsCreator reports whether the body of d calls a creating method of
// an owner type of the package.
func (r *Result) callsCreator(d *ast.FuncDecl) bool {
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			found = r.creatorOf(typeutil.Callee(r.info, call)) != nil
		}
		return !found
	})
	return found
}

// creatorOf returns the owner type of the package whose creating method m
// is, or nil.
func (r *Result) creatorOf(m types.Object) *types.Named {
	fn, ok := m.(*types.Func)
	if !ok || fn == nil || fn.Pkg() != r.pkg {
		return nil
	}
	named := receiverType(fn)
	if named == nil || named.Obj().Pkg() != r.pkg {
		return nil
	}
	if o := r.OwnerTypeOf(named); o != nil && slices.Contains(o.Creators, fn.Name()) {
		return named
	}
	return nil
}

// An ownerFill is a struct made in the function whose field holds the
// temp object a creation (or a creating method) made.
type ownerFill struct {
	owner ssa.Value  // the struct made here: an allocation
	field *types.Var // its field that holds the object
	kind  Kind
	cr    *Creation // the creation; nil for a creating method
}

func (r *Result) computeOwnerResult(fn *types.Func) *OwnerResult {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || r.decls[fn] == nil || !slices.Contains(r.ownerResultCandidates(), fn) {
		return nil
	}
	sf := r.releaseSSA(fn, r.ownerResultCandidates())
	if sf == nil {
		return nil
	}
	creations := r.creationsIn(fn)
	positions := slices.Sorted(maps.Keys(creations))
	fns := append([]*ssa.Function{sf}, allAnon(sf)...)
	for _, pos := range positions {
		c := creations[pos]
		for _, f := range fns {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok || call.Call.Pos() != pos {
						continue
					}
					v := resultValue(call, c.Object)
					if v == nil {
						continue
					}
					fills, removals := r.ownerFills(v, c)
					for _, fill := range fills {
						if o := r.ownerReturned(sf, sig, fill, removals); o != nil {
							return o
						}
					}
				}
			}
		}
	}
	// A creating method called on a struct made here.
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
				continue
			}
			m := calleeFunc(call)
			if m == nil {
				continue // a call of a function value
			}
			named := r.creatorOf(m)
			if named == nil {
				continue
			}
			owner := ownerRoot(call.Call.Args[0])
			if owner == nil {
				continue
			}
			f := r.creatorField(named, m)
			if f == nil {
				continue
			}
			fill := ownerFill{owner: owner, field: f, kind: r.OwnerTypeOf(named).Kind}
			if o := r.ownerReturned(sf, sig, fill, nil); o != nil {
				return o
			}
		}
	}
	return nil
}

// creatorField returns the field of named that its creating method m
// fills, or nil.
func (r *Result) creatorField(named *types.Named, m *types.Func) *types.Var {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if len(r.ownerFields()[f]) > 0 && slices.Contains(r.creatorMethods(named, f), m.Name()) {
			return f
		}
	}
	return nil
}

// ownerRoot returns the allocation a struct value x was made by in this
// function, x itself or a load of a local cell holding it, or nil.
func ownerRoot(x ssa.Value) ssa.Value {
	switch x := x.(type) {
	case *ssa.Alloc:
		return x
	case *ssa.UnOp:
		if cell, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			if _, ptr := cell.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Pointer); ptr {
				return cell // "s := &T{}" captured by a literal
			}
		}
	}
	return nil
}

// ownerFills follows v, the object a creation c made, to the fields of
// structs made here that come to hold it (a store, a setter), through
// phis, local cells, captured variables and values computed from it; and
// returns the instructions on its way that remove it.
func (r *Result) ownerFills(v ssa.Value, c *Creation) (fills []ownerFill, removals []ssa.Instruction) {
	var w valueWork
	push := w.push
	push(v)
	for {
		v, ok := w.next()
		if !ok {
			break
		}
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Val != v {
					continue
				}
				switch addr := ref.Addr.(type) {
				case *ssa.FieldAddr:
					if owner := ownerRoot(addr.X); owner != nil && addrField(addr).Pkg() == r.pkg {
						fills = append(fills, ownerFill{owner: owner, field: addrField(addr), kind: c.Kind, cr: c})
					}
				case *ssa.Alloc:
					push(addr) // a local cell: its loads
				case *ssa.FreeVar:
					push(binding(addr))
				}
			case *ssa.MakeClosure:
				w.pushCaptured(ref, v)
			case *ssa.FieldAddr, *ssa.IndexAddr:
			case ssa.CallInstruction:
				if set := r.setterFills(ref.Common(), v); len(set) > 0 {
					for _, s := range set {
						s.kind, s.cr = c.Kind, c
						fills = append(fills, s)
					}
					continue
				}
				if r.releasesArg(ref, v) {
					removals = append(removals, ref)
					continue
				}
				if call, ok := ref.(*ssa.Call); ok {
					push(call) // a value computed from v
				}
			case ssa.Value:
				push(ref)
			}
		}
	}
	return fills, removals
}

// setterFills returns the fields of structs made here that a setter call
// stores v into (s.setDir(d), fill(&c, d)).
func (r *Result) setterFills(c *ssa.CallCommon, v ssa.Value) []ownerFill {
	if c.IsInvoke() || c.StaticCallee() == nil {
		return nil
	}
	obj, _ := c.StaticCallee().Object().(*types.Func)
	if obj == nil {
		return nil
	}
	sets := r.fieldSetsOf(obj)
	if sets == nil {
		return nil
	}
	off := 0
	if c.StaticCallee().Signature.Recv() != nil {
		off = 1
	}
	var out []ownerFill
	for _, s := range sets.Sets {
		if s.Param+off >= len(c.Args) || s.Into+off < 0 || s.Into+off >= len(c.Args) || c.Args[s.Param+off] != v {
			continue
		}
		f := setField(obj.Origin(), s)
		if owner := ownerRoot(c.Args[s.Into+off]); owner != nil && f != nil && f.Pkg() == r.pkg {
			out = append(out, ownerFill{owner: owner, field: f})
		}
	}
	return out
}

// releasesArg reports whether the call removes v, one of its arguments
// (removesArg), or hands it to a function of the package that keeps it
// (a setter, asked first, is a fill instead).
func (r *Result) releasesArg(ci ssa.CallInstruction, v ssa.Value) bool {
	if r.removesArg(ci, v) {
		return true
	}
	c := ci.Common()
	if c.IsInvoke() || c.StaticCallee() == nil || c.StaticCallee().Signature.Recv() != nil {
		return false
	}
	obj, _ := c.StaticCallee().Object().(*types.Func)
	if obj == nil || obj.Pkg() != r.pkg {
		return false
	}
	for i, a := range c.Args {
		if a == v && r.ParamUse(obj, i) == Take {
			return true
		}
	}
	return false
}

// ownerReturned returns the owner result that the struct fill made
// becomes, when a return of sf gives it as a result that the removals of
// the object (and a release of the owner) do not precede.
func (r *Result) ownerReturned(sf *ssa.Function, sig *types.Signature, fill ownerFill, removals []ssa.Instruction) *OwnerResult {
	for _, rm := range removals {
		if _, deferred := rm.(*ssa.Defer); deferred {
			return nil
		}
	}
	var w valueWork
	push := w.push
	push(fill.owner)
	var releasers map[*types.Func]bool
	var rets []*ssa.Return
	var results []int
	var released []ssa.Instruction
	for {
		v, ok := w.next()
		if !ok {
			break
		}
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Return:
				if i := slices.Index(ref.Results, v); i >= 0 && ref.Parent() == sf && i < sig.Results().Len() {
					rets, results = append(rets, ref), append(results, i)
				}
			case *ssa.Phi, *ssa.MakeInterface, *ssa.ChangeType:
				push(ref.(ssa.Value))
			case *ssa.UnOp:
				if ref.Op == token.MUL {
					push(ref) // the struct, or the pointer a cell holds
				}
			case *ssa.Store:
				if cell, ok := ref.Addr.(*ssa.Alloc); ok && ref.Val == v {
					push(cell) // a named result, a copy whole, a captured variable
				}
			case ssa.CallInstruction:
				c := ref.Common()
				if c.IsInvoke() || c.StaticCallee() == nil || !slices.Contains(c.Args, v) {
					continue
				}
				if releasers == nil {
					releasers = r.FieldReleasers(fill.field)
				}
				if obj, ok := c.StaticCallee().Object().(*types.Func); ok && releasers[obj.Origin()] {
					if _, deferred := ref.(*ssa.Defer); deferred {
						return nil
					}
					released = append(released, ref)
				}
			}
		}
	}
	result := -1
	for k, ret := range rets {
		if !slices.ContainsFunc(append(removals, released...), func(rm ssa.Instruction) bool {
			return rm.Parent() == sf && rm.Block().Dominates(ret.Block())
		}) {
			result = results[k]
			break
		}
	}
	if result < 0 {
		return nil
	}
	o := &OwnerResult{Result: result, Field: fill.field, Kind: fill.kind, DirParam: -1}
	if fill.cr == nil {
		return o
	}
	if id, ok := ast.Unparen(fill.cr.DirArg).(*ast.Ident); ok {
		for j := 0; j < sig.Params().Len(); j++ {
			if r.info.Uses[id] == sig.Params().At(j) {
				o.DirParam = j
			}
		}
	}
	if o.DirParam < 0 {
		o.OtherDir = fill.cr.OtherDir || r.OtherDir(fill.cr.DirArg)
	}
	return o
}

// TrackOwner returns the tracker of a temp object held in field of the
// owner a constructor of the package returned into holder, in the
// function fn.
func (r *Result) TrackOwner(fn ast.Node, kind Kind, holder, field *types.Var) *Tracker {
	t := r.track(fn, kind, nil, nil, Default, field)
	t.holders = map[*types.Var]bool{holder: true}
	t.ownerStores = []OwnerStore{{Owner: holder, Field: field, Direct: true}}
	if t.body != nil {
		t.propagate(t.aliasPairs(t.body))
	}
	return t
}
