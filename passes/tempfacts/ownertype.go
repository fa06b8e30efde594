package tempfacts

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Owner types.
//
// A named struct type whose methods remove a temp object held in one of
// its unexported fields (Close: os.RemoveAll(s.tempDir)) owns what that
// field holds: a value of the type that holds such an object owes a call
// of one of those methods. The object gets there in two ways: a method of
// the type makes it and keeps it in the field (a lazily made work
// directory: the type's creating methods), or a constructor is handed it
// (iso9660.Create(backend, ..., workdir): its takes fact on the
// parameter, and a result of the type). Both are known across packages,
// by the ownsTemp fact of the type and the returnsOwner fact of the
// constructor, so that a caller in another package that makes the value
// and never calls the releasing method is judged like one that drops a
// temp directory.

// An OwnerType says which methods of a named type remove a temp object
// the type holds in a field, and which make one and keep it there.
type OwnerType struct {
	// Name names the type for messages: "chezmoi.ExternalDiffSystem".
	Name string
	Kind Kind
	// Releasers are the methods that remove the object on some path.
	Releasers []string
	// Hint is the releasing method to name in a hint: one called
	// without arguments, the conventional name first; "" if none.
	Hint string
	// Creators are the methods that make a temp object and keep it in
	// the field, directly or by calling another method that does.
	Creators []string
	// Partial are the releasers, called without arguments, that return
	// without removing the object on some path (releasepaths.go).
	Partial []PartialMethod
}

// A PartialMethod is a releasing method that skips the removal on some
// path, as an ownsTemp fact tells it to other packages.
type PartialMethod struct {
	Method string // the method called: "Close"
	// Skipper names the method whose return skips the removal
	// ("AtomicWriter.Close"), At that return ("atomic.go:42"), and
	// Remedy what to do there ("call os.Remove(w.next.Name())").
	Skipper, At, Remedy string
}

// ownsTemp is the fact of a named type whose methods remove a temp object
// it holds in a field.
type ownsTemp OwnerType

func (*ownsTemp) AFact() {}

func (f *ownsTemp) String() string {
	s := "ownsTemp(" + f.Kind.String() + ", releasers"
	for _, m := range f.Releasers {
		s += " " + m
	}
	if len(f.Creators) > 0 {
		s += ", creators"
		for _, m := range f.Creators {
			s += " " + m
		}
	}
	return s + ")"
}

// returnsOwner is the fact of a function that returns, as result Result,
// a value of an owner type that it made itself (a composite literal, or
// the result of another such function), or nil: the caller holds the
// only reference to it.
type returnsOwner struct {
	Result int
	// Holds says the function made a temp object and returns it in the
	// owner's field (ownerresult.go), so the value holds one at once:
	// the caller owes a release from the call on.
	Holds bool
	// Some: the result is an interface that the function gives values
	// of types that own nothing on other paths.
	Some  bool
	Owner OwnerType
}

func (*returnsOwner) AFact() {}

func (f *returnsOwner) String() string {
	s := fmt.Sprintf("returnsOwner(%d %s", f.Result, f.Owner.Name)
	if f.Some {
		s += " on some paths"
	}
	if f.Holds {
		s += ", holding"
	}
	return s + ")"
}

// OwnerTypeOf returns what the named type does with the temp objects it
// holds (a type of the package, or one of another with a fact), or nil.
func (r *Result) OwnerTypeOf(named *types.Named) *OwnerType {
	if named == nil {
		return nil
	}
	named = named.Origin()
	if named.Obj().Pkg() != r.pkg {
		return r.importedOwners[named.Obj()]
	}
	if r.ownerTypes == nil {
		r.ownerTypes = r.computeOwnerTypes()
	}
	return r.ownerTypes[named.Obj()]
}

// ownerNamed returns the named type of t (T or *T), or nil.
func ownerNamed(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// receiverType returns the named type of fn's receiver, or nil.
func receiverType(fn *types.Func) *types.Named {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	return ownerNamed(sig.Recv().Type())
}

// computeOwnerTypes finds the owner types of the package: for each
// unexported field that a method of its struct type removes itself
// (os.Remove or os.RemoveAll of the value the field holds, of its file's
// Name() or of a path wrapper's String(), judged on the SSA form:
// releasepaths.go), the methods that release it (FieldReleasers) and
// those that store a temp object they make into it.
func (r *Result) computeOwnerTypes() map[*types.TypeName]*OwnerType {
	out := make(map[*types.TypeName]*OwnerType)
	// The syntax first: an unexported field that a method of its own
	// type selects while it calls a remover. The SSA forms of the
	// functions that may release the candidates are built together.
	var fields []*types.Var
	var users []*types.Func
	for f := range r.ownerFields() {
		named := r.fieldType[f]
		if f.Exported() || named == nil {
			continue
		}
		if slices.ContainsFunc(r.fieldRemovers[f], func(fn *types.Func) bool {
			recv := receiverType(fn)
			return recv != nil && recv.Origin() == named
		}) {
			fields = append(fields, f)
			users = append(users, r.ownerFields()[f]...)
		}
	}
	if len(fields) == 0 {
		return out
	}
	slices.SortFunc(fields, func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	r.releaseSSA(users[0], users)
	for _, f := range fields {
		named := r.fieldType[f]
		judged := r.judgeReleases(f)
		removed := false
		for fn, j := range judged {
			if recv := receiverType(fn); recv != nil && recv.Origin() == named && j.direct && r.Removes(fn, f) {
				removed = true
			}
		}
		if !removed {
			continue
		}
		releasers := r.FieldReleasers(f)
		var names []string
		for i := 0; i < named.NumMethods(); i++ {
			if m := named.Method(i); releasers[m.Origin()] {
				names = append(names, m.Name())
			}
		}
		o := out[named.Obj()]
		if o == nil {
			o = &OwnerType{Name: named.Obj().Pkg().Name() + "." + named.Obj().Name(), Kind: Dir}
			out[named.Obj()] = o
		}
		if pkgtypes.IsOSFile(f.Type()) {
			o.Kind = File
		}
		for _, n := range names {
			if !slices.Contains(o.Releasers, n) {
				o.Releasers = append(o.Releasers, n)
			}
		}
		if o.Hint == "" {
			// A method that only renames the object to its target is
			// no hint: on a failure path it publishes a partial file.
			removing := make(map[*types.Func]bool)
			for fn := range releasers {
				if r.Removes(fn, f) {
					removing[fn] = true
				}
			}
			o.Hint = hintMethod(named, removing)
		}
		for fn, p := range r.PartialReleases(f) {
			if recv := receiverType(fn); recv == nil || recv.Origin() != named {
				continue
			}
			pos := r.fset.Position(p.Return)
			o.Partial = append(o.Partial, PartialMethod{
				Method: fn.Name(), Skipper: MethodName(p.Method),
				At:     fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line),
				Remedy: Removal(p.Method, f, o.Kind),
			})
		}
		for _, m := range r.creatorMethods(named, f) {
			if !slices.Contains(o.Creators, m) {
				o.Creators = append(o.Creators, m)
			}
		}
	}
	for _, o := range out {
		slices.Sort(o.Releasers)
		slices.Sort(o.Creators)
		slices.SortFunc(o.Partial, func(a, b PartialMethod) int { return cmp.Compare(a.Method, b.Method) })
	}
	return out
}

// sameTypeCallers returns fns and the methods of named that call one of
// them, directly or through each other.
func (r *Result) sameTypeCallers(named *types.Named, fns map[*types.Func]bool) map[*types.Func]bool {
	out := maps.Clone(fns)
	if out == nil {
		out = make(map[*types.Func]bool)
	}
	calls := r.localCallers()
	work := slices.Collect(maps.Keys(out))
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, caller := range calls[fn] {
			if recv := receiverType(caller); recv != nil && recv.Origin() == named.Origin() && !out[caller] {
				out[caller] = true
				work = append(work, caller)
			}
		}
	}
	return out
}

// hintMethod returns the releasing method of named to name in a hint: one
// called without arguments, by the conventional names first.
func hintMethod(named *types.Named, releasers map[*types.Func]bool) string {
	var names []string
	for i := 0; i < named.NumMethods(); i++ {
		if m := named.Method(i); releasers[m.Origin()] && m.Type().(*types.Signature).Params().Len() == 0 {
			names = append(names, m.Name())
		}
	}
	for _, want := range []string{"Close", "Cleanup", "Remove", "RemoveAll", "Release", "Destroy", "Shutdown", "Stop"} {
		if slices.Contains(names, want) {
			return want
		}
	}
	slices.Sort(names)
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// FreshOwner returns the result of fn that is an owner value fn made
// itself (or nil on some paths), and its type's OwnerType; -1 if none.
// some says that the result is an interface that fn gives other values
// on other paths (values of types that own nothing): it holds the owner
// only on some paths.
func (r *Result) FreshOwner(fn *types.Func) (res int, o *OwnerType, some bool) {
	if fn == nil {
		return -1, nil, false
	}
	fn = fn.Origin()
	var f *returnsOwner
	if fn.Pkg() == r.pkg {
		if v, ok := r.freshMemo[fn]; ok {
			f = v
		} else {
			r.freshMemo[fn] = nil // recursion
			f = r.computeFreshOwner(fn)
			r.freshMemo[fn] = f
		}
	} else {
		f = r.ownerResultsMemo[fn]
	}
	if f == nil {
		return -1, nil, false
	}
	return f.Result, &f.Owner, f.Some
}

// ownsNothing reports whether a value of static type t is of a concrete
// type that is no owner type: a pointer to a named struct, or a named
// struct, whose type has no releasers.
func (r *Result) ownsNothing(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.(*types.Tuple); ok {
		return false
	}
	named := ownerNamed(t)
	if named == nil {
		return false
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return false
	}
	if named.Obj().Pkg() != r.pkg && named.Obj().Pkg() != nil && !isStd(named.Obj().Pkg().Path()) {
		// Another package's type: it owns nothing when its facts were
		// read (it is returned by a function this package calls) and
		// it has no ownsTemp fact.
		o, known := r.importedOwners[named.Origin().Obj()]
		return known && o == nil
	}
	return r.OwnerTypeOf(named) == nil
}

// importOwnerType imports the ownsTemp fact of t's named type when
// another package declares it, once; a type without one owns nothing
// (recorded as nil).
func (r *Result) importOwnerType(pass *analysis.Pass, t types.Type) {
	named := ownerNamed(t)
	if named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg() == r.pkg {
		return
	}
	tn := named.Origin().Obj()
	if _, done := r.importedOwners[tn]; done {
		return
	}
	var ot ownsTemp
	if pass.ImportObjectFact(tn, &ot) {
		o := OwnerType(ot)
		r.importedOwners[tn] = &o
	} else {
		r.importedOwners[tn] = nil
	}
}

// importOwner imports the returnsOwner fact of fn, a function of another
// package (it carries its owner type), and the ownsTemp facts of the
// named types fn returns: a type without one owns nothing.
func (r *Result) importOwner(pass *analysis.Pass, fn *types.Func) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return
	}
	for i := 0; i < sig.Results().Len(); i++ {
		r.importOwnerType(pass, sig.Results().At(i).Type())
	}
	var ro returnsOwner
	if pass.ImportObjectFact(fn, &ro) && ro.Result < sig.Results().Len() {
		r.ownerResultsMemo[fn] = &ro
	}
}

// exportOwners exports the facts of the package's owner types and of the
// functions that return fresh values of them.
func (r *Result) exportOwners(pass *analysis.Pass) {
	if r.ownerTypes == nil {
		r.ownerTypes = r.computeOwnerTypes()
	}
	if len(r.ownerTypes) == 0 && len(r.ownerResultsMemo) == 0 {
		return // no owner type here, and no constructor of one called
	}
	for tn, o := range r.ownerTypes {
		f := ownsTemp(*o)
		pass.ExportObjectFact(tn, &f)
	}
	for fn := range r.decls {
		if f := r.computeFreshOwnerMemo(fn); f != nil {
			f.Holds = r.holdsReleased(fn, &f.Owner)
			pass.ExportObjectFact(fn, f)
		}
	}
}

// holdsReleased reports whether fn returns a temp object it made in a field
// of its owner result that one of o's releasers removes: a caller that
// calls none leaves it on disk. An object in a field no releaser removes
// is the constructor's own finding (a field no method removes).
func (r *Result) holdsReleased(fn *types.Func, o *OwnerType) bool {
	ro := r.ReturnsOwner(fn)
	if ro == nil {
		return false
	}
	for m := range r.FieldReleasers(ro.Field) {
		if receiverType(m) != nil && slices.Contains(o.Releasers, m.Name()) {
			return true
		}
	}
	return false
}

// ownerTakenErr returns the error variable of a call of fn, a constructor
// of an owner that takes a temp object ("fs, err := isofs.Create(dir)"),
// or nil: the owner holds the object only where the error is nil.
func (r *Result) ownerTakenErr(fn *types.Func, call *ast.CallExpr, stack []ast.Node) *types.Var {
	if _, o, _ := r.FreshOwner(fn); o == nil || len(stack) == 0 {
		return nil
	}
	lhs, rhs := pathflow.AssignSides(stack[len(stack)-1])
	if len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(call) || len(lhs) < 2 {
		return nil
	}
	id, ok := lhs[len(lhs)-1].(*ast.Ident)
	if !ok {
		return nil
	}
	v := r.Var(id)
	if v == nil || !isErrorType(v.Type()) {
		return nil
	}
	return v
}

// BorrowsOwner reports whether fn only uses its parameter i, a value of
// the owner type o: fn is a standard function, or one of the package whose
// every use of the parameter calls a method other than o's releasers on
// it, reads a field of it, or compares it. Another package's function may
// release or keep it: it is not known.
func (r *Result) BorrowsOwner(fn *types.Func, i int, o *OwnerType) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	fn = fn.Origin()
	if isStd(fn.Pkg().Path()) && fn.Pkg() != r.pkg {
		return true
	}
	d := r.decls[fn]
	sig, ok := fn.Type().(*types.Signature)
	if d == nil || !ok || i >= sig.Params().Len() || (sig.Variadic() && i == sig.Params().Len()-1) {
		return false
	}
	p := sig.Params().At(i)
	borrows := true
	ast.PreorderStack(d.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || !borrows || r.info.Uses[id] != p {
			return borrows
		}
		if !OwnerUse(r.info, id, stack, o) {
			borrows = false
		}
		return borrows
	})
	return borrows
}

// OwnerUse reports whether the use id of a variable holding a value of
// the owner type o (with its ancestors on stack) only uses the value: a
// method called on it that is not one of o's releasers, a field read, a
// comparison. Calls of releasers are judged by the caller.
func OwnerUse(info *types.Info, id *ast.Ident, stack []ast.Node, o *OwnerType) bool {
	if len(stack) == 0 {
		return false
	}
	switch p := stack[len(stack)-1].(type) {
	case *ast.SelectorExpr:
		s, ok := info.Selections[p]
		if !ok {
			return false
		}
		if s.Kind() == types.FieldVal {
			return true
		}
		if len(stack) < 2 || slices.Contains(o.Releasers, p.Sel.Name) {
			return false
		}
		call, ok := stack[len(stack)-2].(*ast.CallExpr)
		return ok && call.Fun == ast.Expr(p)
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	}
	return false
}

// FreshOwnerHolds reports whether fn, a constructor of another package
// that returns a fresh owner, made the temp object the owner holds.
func (r *Result) FreshOwnerHolds(fn *types.Func) bool {
	f := r.ownerResultsMemo[fn.Origin()]
	return f != nil && f.Holds
}

// HasImportedOwners reports whether the package calls a constructor of
// another package's owner type.
func (r *Result) HasImportedOwners() bool { return len(r.ownerResultsMemo) > 0 }

// computeFreshOwnerMemo returns the returnsOwner fact of fn, a function of
// the package, or nil.
func (r *Result) computeFreshOwnerMemo(fn *types.Func) *returnsOwner {
	if _, o, _ := r.FreshOwner(fn); o == nil {
		return nil
	}
	return r.freshMemo[fn.Origin()]
}

// returnsReceiver reports whether m, a method of the package without
// parameters, returns its receiver, or a field of it, converted to a
// string and nothing else: "func (p AbsPath) String() string { return
// string(p) }".
func (r *Result) returnsReceiver(m *types.Func) bool {
	d := r.decls[m.Origin()]
	sig, ok := m.Type().(*types.Signature)
	if d == nil || !ok || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 || len(d.Body.List) != 1 {
		return false
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return false
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	e := ast.Unparen(ret.Results[0])
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			break
		}
		if tv, ok := r.info.Types[call.Fun]; !ok || !tv.IsType() {
			break
		}
		e = ast.Unparen(call.Args[0])
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if s, ok := r.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
			e = ast.Unparen(sel.X)
		}
	}
	id, ok := e.(*ast.Ident)
	return ok && r.info.Uses[id] == sig.Recv()
}
