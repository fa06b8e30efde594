package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Owners follows a temp object into the fields of objects the function
// itself made: storing it into such a field (s.dir = dir, &Server{dir:
// dir}) moves the obligation onto the owner, which must then be returned,
// stored, handed to a function that takes it, or released by a method
// that removes the field. Only the tempcleanup check of a creation uses
// this mode; the facts see every field store as a hand-off.
const Owners Mode = keepReturned + 1

// An OwnerStore is a store of the tracked object into a field of a local
// owner, or a composite literal with it inside assigned to one.
type OwnerStore struct {
	Node  ast.Node   // the *ast.AssignStmt or *ast.ValueSpec
	Owner *types.Var // the local variable holding the owner
	Field *types.Var // the field, nil if not known
	// Direct is set when the field holds the object itself, not a path
	// inside it: removing what the field holds then removes the object.
	Direct bool
}

// OwnerStores returns the stores of the tracked object into local owners,
// in source order; nil unless the tracker was made in Owners mode.
func (t *Tracker) OwnerStores() []OwnerStore { return t.ownerStores }

// holderIdent reports whether e is a local variable holding an owner of
// the tracked object.
func (t *Tracker) holderIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || len(t.holders) == 0 {
		return false
	}
	v, _ := t.info.Uses[id].(*types.Var)
	return v != nil && t.holders[v]
}

// rootVar returns the variable at the root of a selector chain (s in
// s.a.b), or nil.
func (t *Tracker) rootVar(e ast.Expr) *types.Var {
	for selected := false; ; selected = true {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if sel, ok := t.info.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return nil
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			if !selected {
				return nil // not a selector at all
			}
			v, _ := t.info.Uses[x].(*types.Var)
			return v
		default:
			return nil
		}
	}
}

// fieldOf returns the field selected by e (s.dir), or nil.
func (t *Tracker) fieldOf(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := t.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	return v
}

// findOwners finds the local owners of the tracked object: fresh local
// objects (a composite literal, new(T), a struct variable, the result of a
// standard constructor such as exec.Command) into whose fields the object
// is stored, and that were not shared before the object was made.
func (t *Tracker) findOwners(body *ast.BlockStmt, pairs []aliasPair) {
	fresh := t.freshVars(body, pairs)
	if len(fresh) == 0 {
		return
	}
	t.holders = make(map[*types.Var]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			// s.setDir(dir), fill(&c, dir): a setter stores it
			// (setsfield.go).
			for _, s := range t.res.setterStores(call) {
				if v := t.ownerVar(s.Owner); v != nil && fresh[v] && t.direct(call.Args[s.Arg]) {
					t.holders[v] = true
					t.ownerStores = append(t.ownerStores, OwnerStore{Node: call, Owner: v, Field: s.Field, Direct: true})
				}
			}
			return true
		}
		lhs, rhs := pathflow.AssignSides(n)
		if len(lhs) != len(rhs) {
			return true
		}
		for i, r := range rhs {
			if !t.carries(r) {
				continue
			}
			if id, ok := lhs[i].(*ast.Ident); ok {
				// v := &T{dir: dir}
				v := t.lhsVar(id)
				if v != nil && fresh[v] && !t.direct(r) && !t.derivedExpr(r) {
					t.holders[v] = true
					f := t.compositeField(r)
					t.ownerStores = append(t.ownerStores, OwnerStore{Node: n, Owner: v, Field: f, Direct: f != nil})
				}
				continue
			}
			// v.dir = dir
			if v := t.rootVar(lhs[i]); v != nil && fresh[v] {
				t.holders[v] = true
				t.ownerStores = append(t.ownerStores, OwnerStore{Node: n, Owner: v, Field: t.fieldOf(lhs[i]), Direct: t.direct(r)})
			}
		}
		return true
	})
	t.dropShared(body)
}

// dropShared forgets the owners used before the object is stored in them
// otherwise than by reading or setting their fields: passed somewhere,
// returned, a method called. Such an owner may be shared already, and its
// other holder may remove what it holds.
func (t *Tracker) dropShared(body *ast.BlockStmt) {
	first := make(map[*types.Var]token.Pos)
	for _, s := range t.ownerStores {
		if p, ok := first[s.Owner]; !ok || s.Node.Pos() < p {
			first[s.Owner] = s.Node.Pos()
		}
	}
	shared := make(map[*types.Var]bool)
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, _ := t.info.Uses[id].(*types.Var)
		if v == nil || !t.holders[v] || id.Pos() >= first[v] {
			return true
		}
		if len(stack) > 0 {
			if sel, ok := stack[len(stack)-1].(*ast.SelectorExpr); ok && sel.X == ast.Expr(id) {
				if s, ok := t.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
					return true
				}
			}
		}
		shared[v] = true
		return true
	})
	if len(shared) == 0 {
		return
	}
	stores := t.ownerStores[:0]
	for _, s := range t.ownerStores {
		if shared[s.Owner] {
			delete(t.holders, s.Owner)
		} else {
			stores = append(stores, s)
		}
	}
	t.ownerStores = stores
}

// compositeField returns the field of the composite literal e (or &e) that
// holds the tracked object directly, or nil.
func (t *Tracker) compositeField(e ast.Expr) *types.Var {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	tv, ok := t.info.Types[lit]
	if !ok {
		return nil
	}
	st, ok := tv.Type.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && t.direct(kv.Value) {
				v, _ := t.info.Uses[key].(*types.Var)
				return v
			}
			continue
		}
		if t.direct(elt) && i < st.NumFields() {
			return st.Field(i)
		}
	}
	return nil
}

// freshVars returns the variables declared in body whose every value is an
// object made here, and that are not used before the object is shared:
// their first uses are field assignments and field reads.
func (t *Tracker) freshVars(body *ast.BlockStmt, pairs []aliasPair) map[*types.Var]bool {
	fresh := make(map[*types.Var]bool)
	bad := make(map[*types.Var]bool)
	inBody := func(v *types.Var) bool { return body.Pos() <= v.Pos() && v.Pos() < body.End() }
	for _, p := range pairs {
		v := t.lhsVar(p.lhs)
		if v == nil || !inBody(v) {
			continue
		}
		if p.rhs != nil && !p.other && t.freshExpr(p.rhs) {
			fresh[v] = true
		} else if p.rhs != nil || !isStruct(v.Type()) {
			bad[v] = true
		} else {
			fresh[v] = true // var s T
		}
	}
	for v := range bad {
		delete(fresh, v)
	}
	return fresh
}

// freshExpr reports whether e makes a new object: a composite literal (or
// its address), new(T), or a call of a standard function returning a
// pointer (exec.Command): by written-down knowledge, the standard library
// keeps no reference to what its constructors return.
func (t *Tracker) freshExpr(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && ok
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			b, ok := t.info.Uses[id].(*types.Builtin)
			return ok && b.Name() == "new"
		}
		fn, ok := typeutil.Callee(t.info, e).(*types.Func)
		if !ok || fn.Pkg() == nil || !isStd(fn.Pkg().Path()) {
			return false
		}
		sig := fn.Type().(*types.Signature)
		if sig.Recv() != nil || sig.Results().Len() == 0 {
			return false
		}
		p, ok := sig.Results().At(0).Type().(*types.Pointer)
		return ok && isStruct(p.Elem())
	}
	return false
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// ownerCall judges a call that involves an owner of the tracked object: a
// method called on it that removes one of the fields it holds releases it,
// and so does a function of the package that is passed the owner and
// removes such a field; a method that keeps its receiver (or is started as
// a goroutine) takes it; a method value passed on (t.Cleanup(s.Close)) is
// a registration or a hand-off.
func (t *Tracker) ownerCall(call *ast.CallExpr, stack []ast.Node) (Reason, bool) {
	if len(t.holders) == 0 {
		return NoReason, false
	}
	callee, _ := typeutil.Callee(t.info, call).(*types.Func)
	for _, a := range call.Args {
		if sel, ok := ast.Unparen(a).(*ast.SelectorExpr); ok && t.holderIdent(sel.X) {
			if s, ok := t.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
				if callee != nil && isTestingCleanup(callee) {
					return Registered, true
				}
				return Stored, true // whoever receives it may call it
			}
		}
		if t.holderIdent(a) && callee != nil && t.releasesHeld(callee) {
			return Removed, true
		}
		if t.holderIdent(a) && t.releasesThrough(call, a) {
			return Escaped, true
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !t.holderIdent(sel.X) {
		return NoReason, false
	}
	if s, ok := t.info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return NoReason, false
	}
	if len(stack) > 0 {
		if _, ok := stack[len(stack)-1].(*ast.GoStmt); ok {
			return Stored, true // the goroutine keeps the owner
		}
	}
	fn := callee
	if fn == nil || fn.Pkg() == nil {
		return Escaped, true
	}
	fn = fn.Origin()
	if isStd(fn.Pkg().Path()) && fn.Pkg() != t.res.pkg {
		return NoReason, false // a standard type removes nothing
	}
	if fn.Pkg() != t.res.pkg {
		switch {
		case t.importedReleaser(fn):
			return Removed, true
		case len(t.intoHolders(call)) > 0:
			return NoReason, false // a setter of the owner: its arguments are judged
		}
		return Escaped, true
	}
	if t.releasesHeld(fn) {
		return Removed, true
	}
	switch t.res.ParamUse(fn, -1) {
	case Take, Release:
		return Stored, true
	case Unknown:
		return Escaped, true
	}
	return NoReason, false
}

// releasesHeld reports whether the function fn of the package removes
// what one of the owners' fields holds.
func (t *Tracker) releasesHeld(fn *types.Func) bool {
	if fn.Pkg() != t.res.pkg {
		return false
	}
	for _, s := range t.ownerStores {
		if s.Direct && s.Field != nil && t.res.FieldReleasers(s.Field)[fn.Origin()] {
			return true
		}
	}
	return false
}

// importedReleaser reports whether fn, a method of another package's
// owner type, is one of its releasing methods (by its ownsTemp fact), and
// some owner of that type holds the object itself, put there by a setter.
func (t *Tracker) importedReleaser(fn *types.Func) bool {
	named := receiverType(fn)
	if named == nil {
		return false
	}
	o := t.res.importedOwners[named.Origin().Obj()]
	if o == nil || !slices.Contains(o.Releasers, fn.Name()) {
		return false
	}
	for _, s := range t.ownerStores {
		if n := ownerNamed(s.Owner.Type()); s.Direct && n != nil && n.Origin() == named.Origin() {
			return true
		}
	}
	return false
}

// localCallers returns, for each function of the package, the functions of
// the package that call it.
func (r *Result) localCallers() map[*types.Func][]*types.Func {
	if r.callers != nil {
		return r.callers
	}
	r.callers = make(map[*types.Func][]*types.Func)
	for fn, d := range r.decls {
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if callee, ok := typeutil.Callee(r.info, call).(*types.Func); ok && callee.Pkg() == r.pkg {
					r.callers[callee.Origin()] = append(r.callers[callee.Origin()], fn)
				}
			}
			return true
		})
	}
	return r.callers
}

// FieldKept reports whether some code of the package removes the temp
// object held in field f, or lets it go where the analysis cannot follow:
// returns it (a getter), stores it elsewhere, or passes it to a function
// that takes it or to unknown code.
func (r *Result) FieldKept(f *types.Var) bool {
	f = f.Origin()
	if kept, ok := r.keptMemo[f]; ok {
		return kept
	}
	kept := r.fieldKept(f)
	r.keptMemo[f] = kept
	return kept
}

func (r *Result) fieldKept(f *types.Var) bool {
	if len(r.FieldReleasers(f)) > 0 {
		return true
	}
	for _, d := range r.decls {
		t := r.trackField(d, f)
		if t == nil {
			continue
		}
		kept := false
		ast.PreorderStack(d.Body, nil, func(n ast.Node, stack []ast.Node) bool {
			if kept {
				return false
			}
			// Kept (a path inside it used elsewhere) lets nothing go.
			if reason, _ := t.Classify(n, stack); reason != NoReason && reason != Kept {
				kept = true
			}
			return true
		})
		if kept {
			return true
		}
	}
	return false
}

// trackField returns a tracker of the object held in field f within the
// function d, or nil if d never selects f.
func (r *Result) trackField(d *ast.FuncDecl, f *types.Var) *Tracker {
	uses := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && !uses {
			if s, ok := r.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
				if v, ok := s.Obj().(*types.Var); ok && v.Origin() == f {
					uses = true
				}
			}
		}
		return !uses
	})
	if !uses {
		return nil
	}
	kind := Dir
	if pkgtypes.IsOSFile(f.Type()) {
		kind = File
	}
	return r.track(d, kind, nil, nil, Default, f)
}

// A FieldStore is a store of the tracked object itself into a field of a
// struct type declared in the package: s.dir = dir, &T{dir: dir}.
type FieldStore struct {
	Node  ast.Node     // the assignment or the composite literal element
	Field *types.Var   // the field, its origin for a generic type
	Type  *types.Named // the struct type the field belongs to
}

// FieldStores returns the stores of the tracked object into fields of
// named struct types of the package, in the tracked function (closures
// included).
func (t *Tracker) FieldStores() []FieldStore {
	var out []FieldStore
	add := func(n ast.Node, f *types.Var, typ types.Type) {
		if f == nil || f.Pkg() != t.res.pkg {
			return
		}
		if p, ok := typ.(*types.Pointer); ok {
			typ = p.Elem()
		}
		named, ok := types.Unalias(typ).(*types.Named)
		if !ok {
			return
		}
		out = append(out, FieldStore{Node: n, Field: f.Origin(), Type: named.Origin()})
	}
	ast.Inspect(t.scopeNode(), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			// s.setDir(dir): through a setter (setsfield.go).
			for _, s := range t.res.setterStores(n) {
				if t.direct(n.Args[s.Arg]) {
					if tv, ok := t.info.Types[s.Owner]; ok {
						add(n, s.Field, tv.Type)
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, rhs := range n.Rhs {
				sel, ok := ast.Unparen(n.Lhs[i]).(*ast.SelectorExpr)
				if !ok || !t.direct(rhs) {
					continue
				}
				if s, ok := t.info.Selections[sel]; ok && s.Kind() == types.FieldVal && len(s.Index()) == 1 {
					f, _ := s.Obj().(*types.Var)
					add(n, f, s.Recv())
				}
			}
		case *ast.CompositeLit:
			tv, ok := t.info.Types[n]
			if !ok {
				return true
			}
			st, ok := tv.Type.Underlying().(*types.Struct)
			if !ok {
				return true
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if key, ok := kv.Key.(*ast.Ident); ok && t.direct(kv.Value) {
						f, _ := t.info.Uses[key].(*types.Var)
						add(elt, f, tv.Type)
					}
				} else if t.direct(elt) && i < st.NumFields() {
					add(elt, st.Field(i), tv.Type)
				}
			}
		}
		return true
	})
	return out
}

// FieldSelected returns the field that e (s.dir) selects directly on a
// named struct type of the package, and that type; nil if none.
func (r *Result) FieldSelected(e ast.Expr) (*types.Var, *types.Named) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	s, ok := r.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil, nil
	}
	f, _ := s.Obj().(*types.Var)
	if f == nil || f.Pkg() != r.pkg {
		return nil, nil
	}
	typ := s.Recv()
	if p, ok := typ.(*types.Pointer); ok {
		typ = p.Elem()
	}
	named, ok := types.Unalias(typ).(*types.Named)
	if !ok {
		return nil, nil
	}
	return f.Origin(), named.Origin()
}

// ReleaseMethod returns the name of a method of the type named that removes
// what field f holds, preferring the conventional names; "" if none.
func (r *Result) ReleaseMethod(named *types.Named, f *types.Var) string {
	if named.Obj().Pkg() != r.pkg {
		if o := r.importedOwners[named.Origin().Obj()]; o != nil {
			return o.Hint // by its fact (a setter of another package filled it)
		}
		return ""
	}
	releasers := r.FieldReleasers(f)
	var names []string
	for i := 0; i < named.NumMethods(); i++ {
		// Only a method called without arguments can be the hint
		// ("call s.Close()"): TempArchive.Read removes its file at EOF,
		// but nobody calls Read() to remove it.
		// Nor one that only renames the object to its target: on a
		// failure path it would publish a partial file.
		if m := named.Method(i); releasers[m.Origin()] && m.Type().(*types.Signature).Params().Len() == 0 && r.Removes(m, f) {
			names = append(names, m.Name())
		}
	}
	if len(names) == 0 {
		return ""
	}
	for _, want := range []string{"Close", "Cleanup", "Remove", "RemoveAll", "Release", "Destroy", "Shutdown", "Stop"} {
		for _, n := range names {
			if n == want {
				return n
			}
		}
	}
	best := names[0]
	for _, n := range names[1:] {
		if token.IsExported(n) != token.IsExported(best) {
			if token.IsExported(n) {
				best = n
			}
		} else if n < best {
			best = n
		}
	}
	return best
}

// releasesThrough reports whether the owner in arg a of call is passed as
// an interface with a method that the owner's type implements with one
// that removes the object: the callee may call it (TempArchive.Read
// removes its file at EOF, and ApplyLayer(dst, archive) reads it as an
// io.Reader). Unknown code, as a function value is.
func (t *Tracker) releasesThrough(call *ast.CallExpr, a ast.Expr) bool {
	sig, ok := t.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return false
	}
	var pt types.Type
	for i, arg := range call.Args {
		if arg != a {
			continue
		}
		switch {
		case sig.Variadic() && i >= sig.Params().Len()-1:
			if s, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice); ok {
				pt = s.Elem()
			}
		case i < sig.Params().Len():
			pt = sig.Params().At(i).Type()
		}
	}
	iface, ok := types.Unalias(pt).Underlying().(*types.Interface)
	if pt == nil || !ok {
		return false
	}
	for _, s := range t.ownerStores {
		if s.Field == nil {
			continue
		}
		releasers := t.res.FieldReleasers(s.Field)
		for i := 0; i < iface.NumMethods(); i++ {
			obj, _, _ := types.LookupFieldOrMethod(t.info.TypeOf(a), true, t.res.pkg, iface.Method(i).Name())
			if m, ok := obj.(*types.Func); ok && releasers[m.Origin()] {
				return true
			}
		}
	}
	return false
}
