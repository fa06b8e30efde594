package tempfacts

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// A Mode says which hand-offs count as releasing a tracked object.
type Mode int

const (
	// Default: removal, registration, every hand-off (return, store,
	// send, known owner) and every escape into unknown code release.
	Default Mode = iota
	// Strict: as Default, but an escape into unknown code does not.
	Strict
	// Close: only closing the *os.File (or handing the file itself off)
	// releases; removing the name does not.
	Close
	// keepReturned: as Default, but returning does not release (to find
	// the returns that hand a temp object to the caller).
	keepReturned
)

// A Reason is why a node releases a tracked object.
type Reason int

const (
	NoReason   Reason = iota
	Removed           // removed: os.Remove(All), a cleanup call, a known remover
	Registered        // cleanup registered with t.Cleanup
	Renamed           // os.Rename: handed off if it succeeds
	Returned          // returned to the caller
	Stored            // stored into a field, global, map, slice, channel; a known owner
	Escaped           // passed to unknown code
	Shown             // printed for the user (fmt.Print*, log.Print*, log.Fatal*)
	// Kept: something outlives the function that uses the object but
	// cannot remove it: a path inside it stored or handed to a function
	// that takes it, a socket bound at its name whose owner does not
	// unlink it. Not a release (the obligation stays here), but the
	// object must not be removed while that user lives.
	Kept
)

// A Tracker follows one temp object through one function: the variables
// that hold it (the *os.File, its name, the directory path, aliases made by
// assignment, filepath.Clean, filepath.Abs, filepath.EvalSymlinks) and the
// cleanup functions that remove it.
type Tracker struct {
	res      *Result
	info     *types.Info
	scope    *types.Scope
	mode     Mode
	names    map[*types.Var]bool
	files    map[*types.Var]bool
	cleanups map[*types.Var]bool
	results  []*types.Var // the function's named results
	body     *ast.BlockStmt
	decl     *types.Func // the tracked function, when it is declared (not a literal)
	defers   int8        // defersRemoval: 0 not known yet, 1 no (or searching), 2 yes
	// derived holds paths inside the object (filepath.Join(dir, "x"))
	// and derivedFiles files opened at such paths: handing them off
	// hands off the object, but removing them does not remove it.
	derived      map[*types.Var]bool
	derivedFiles map[*types.Var]bool
	// derivedFields are fields of local values assigned such a path
	// (see derivedfield.go).
	derivedFields map[localField]bool
	// field, when set, is a struct field whose selection (s.dir) holds
	// the object: how the methods of an owner type are judged.
	field *types.Var
	// holders are, in Owners mode, the local variables holding an
	// object made here with the tracked object in a field.
	holders     map[*types.Var]bool
	ownerStores []OwnerStore
	// staysLocalMemo caches staysLocal (localstore.go), asked at each
	// visit of an assignment by the path search.
	staysLocalMemo map[*types.Var]bool
	// closures are local variables holding a function literal that
	// captures the object (cleanup := func() { os.RemoveAll(dir) }):
	// returning or storing one keeps the object (see closure.go).
	closures map[*types.Var]holding
	captured map[*ast.FuncLit]holding
	// endpoints are local variables holding a socket bound at the
	// object's name or inside it (see endpoint.go).
	endpoints map[*types.Var]endpoint
	// failures maps the calls tested by an if to the branch taken when
	// they fail (see shownviewer.go); built on first use.
	failures map[*ast.CallExpr]ast.Stmt
}

// Track returns the tracker of an object held by obj (nil if the object is
// not held in a variable) with kind kind, and of its cleanup function
// held by cleanup (or nil), in the function fn (an *ast.FuncDecl or
// *ast.FuncLit).
func (r *Result) Track(fn ast.Node, kind Kind, obj, cleanup *types.Var, mode Mode) *Tracker {
	return r.track(fn, kind, obj, cleanup, mode, nil)
}

// TrackNamed is Track for an object that is also known by the name it was
// created at: name, a variable holding that path, is tracked as the
// object's name (os.OpenFile(name, O_CREATE|O_EXCL, ...) in a creator's
// own loop: returning name hands the file on, removing it releases it).
func (r *Result) TrackNamed(fn ast.Node, kind Kind, obj, name, cleanup *types.Var, mode Mode) *Tracker {
	return r.track(fn, kind, obj, cleanup, mode, nil, name)
}

func (r *Result) track(fn ast.Node, kind Kind, obj, cleanup *types.Var, mode Mode, field *types.Var, names ...*types.Var) *Tracker {
	t := &Tracker{
		field: field,
		res:   r, info: r.info, mode: mode,
		names:    make(map[*types.Var]bool),
		files:    make(map[*types.Var]bool),
		cleanups: make(map[*types.Var]bool),

		derived:       make(map[*types.Var]bool),
		derivedFiles:  make(map[*types.Var]bool),
		derivedFields: make(map[localField]bool),
		closures:      make(map[*types.Var]holding),
		captured:      make(map[*ast.FuncLit]holding),
	}
	var ftype *ast.FuncType
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ftype, body = fn.Type, fn.Body
		t.decl, _ = r.info.Defs[fn.Name].(*types.Func)
	case *ast.FuncLit:
		ftype, body = fn.Type, fn.Body
	}
	if ftype != nil {
		t.scope = r.info.Scopes[ftype]
		if ftype.Results != nil {
			for _, f := range ftype.Results.List {
				for _, id := range f.Names {
					if v, ok := r.info.Defs[id].(*types.Var); ok {
						t.results = append(t.results, v)
					}
				}
			}
		}
	}
	if obj != nil {
		if kind == File {
			t.files[obj] = true
		} else if mode != Close {
			t.names[obj] = true
		}
	}
	if field != nil {
		if kind == File {
			t.files[field] = true
		} else {
			t.names[field] = true
		}
	}
	if cleanup != nil && mode != Close {
		t.cleanups[cleanup] = true
	}
	for _, v := range names {
		if v != nil && mode != Close {
			t.names[v] = true
		}
	}
	t.body = body
	if body != nil {
		t.aliases(body)
	}
	return t
}

// local reports whether v is declared inside the tracked function.
func (t *Tracker) local(v *types.Var) bool {
	return t.scope != nil && v.Parent() != nil && t.scope.Contains(v.Pos()) && v.Parent() != types.Universe &&
		v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

func (t *Tracker) lhsVar(e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	if v, ok := t.info.Defs[id].(*types.Var); ok {
		return v
	}
	v, _ := t.info.Uses[id].(*types.Var)
	return v
}

// An aliasPair is one variable (or other left side) and the value
// assigned to it; rhs is nil for "var v T", and the call for "v, err :=
// f()".
// other marks a left side assigned something else than rhs itself (a
// second result of rhs, an element of a ranged rhs): never an alias, but a
// variable that does not hold an object made here.
type aliasPair struct {
	lhs, rhs ast.Expr
	other    bool
	// bind marks the descriptor argument of syscall.Bind (lhs) and the
	// call (rhs): the descriptor holds the socket if the call binds at
	// the object.
	bind bool
}

// aliases adds the local variables assigned from tracked ones.
func (t *Tracker) aliases(body *ast.BlockStmt) {
	pairs := t.aliasPairs(body)
	t.propagate(pairs)
	t.keepsSocketFile(body)
	if t.mode == Owners {
		t.findOwners(body, pairs)
		if len(t.holders) > 0 {
			t.propagate(pairs)
		}
	}
}

// aliasPairs returns the assignments of body, as pairs.
func (t *Tracker) aliasPairs(body *ast.BlockStmt) []aliasPair {
	var pairs []aliasPair
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			// syscall.Bind(fd, addr): fd holds the socket.
			if len(n.Args) == 2 && t.mode != Close {
				if fn, ok := typeutil.Callee(t.info, n).(*types.Func); ok && fn.Name() == "Bind" && fn.Pkg() != nil {
					if p := fn.Pkg().Path(); p == "syscall" || p == "golang.org/x/sys/unix" {
						pairs = append(pairs, aliasPair{lhs: n.Args[0], rhs: n, bind: true})
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					pairs = append(pairs, aliasPair{lhs: n.Lhs[i], rhs: n.Rhs[i]})
				}
			} else if len(n.Rhs) == 1 {
				switch rhs := ast.Unparen(n.Rhs[0]).(type) {
				case *ast.CallExpr:
					pairs = append(pairs, aliasPair{lhs: n.Lhs[0], rhs: rhs})
				case *ast.TypeAssertExpr: // p, ok := v.(string)
					pairs = append(pairs, aliasPair{lhs: n.Lhs[0], rhs: rhs})
				}
				for _, l := range n.Lhs[1:] {
					pairs = append(pairs, aliasPair{lhs: l, rhs: n.Rhs[0], other: true})
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					pairs = append(pairs, aliasPair{lhs: n.Names[i], rhs: n.Values[i]})
				}
			} else if len(n.Values) == 0 {
				for _, id := range n.Names {
					pairs = append(pairs, aliasPair{lhs: id})
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if e != nil {
					pairs = append(pairs, aliasPair{lhs: e, rhs: n.X, other: true})
				}
			}
		}
		return true
	})
	return pairs
}

// propagate marks the variables assigned from tracked ones, to a fixed
// point.
func (t *Tracker) propagate(pairs []aliasPair) {
	for changed := true; changed; {
		changed = false
		clear(t.captured) // what literals capture grows with the aliases
		for _, p := range pairs {
			if p.rhs == nil || p.other {
				continue
			}
			v := t.lhsVar(p.lhs)
			if v == nil || !t.local(v) {
				continue
			}
			if _, ok := t.endpoints[v]; ok {
				continue
			}
			if p.bind {
				if ep, sock, ok := t.bindAt(p.rhs.(*ast.CallExpr)); ok && sock == p.lhs {
					t.addEndpoint(v, ep)
					changed = true
				}
				continue
			}
			switch {
			case t.files[v] || t.names[v] || t.cleanups[v] || t.derived[v] || t.derivedFiles[v] || t.holders[v] || t.closures[v] != holdsNothing:
			case t.holderIdent(p.rhs):
				t.holders[v], changed = true, true
			case t.NameExpr(p.rhs):
				t.names[v], changed = true, true
			case t.fileIdent(p.rhs):
				t.files[v], changed = true, true
			case t.cleanupIdent(p.rhs):
				t.cleanups[v], changed = true, true
			case t.lit(p.rhs) != holdsNothing:
				t.closures[v], changed = t.lit(p.rhs), true
			case t.mode == Close:
			case t.endpointExpr(p.rhs):
				ep, _ := t.boundEndpoint(p.rhs)
				t.addEndpoint(v, ep)
				changed = true
			case t.reopens(p.rhs):
				// The temp file opened again at its own name: the
				// caller given this file can name it, and remove it.
				t.files[v], changed = true, true
			case t.derivedExpr(p.rhs):
				t.derived[v], changed = true, true
			case t.opensDerived(p.rhs):
				t.derivedFiles[v], changed = true, true
			}
		}
		if t.mode != Close && t.derivedFieldStores(pairs) {
			changed = true
		}
	}
}

// isPathFunc reports whether call is filepath.Clean, ToSlash, FromSlash
// (or, when two, filepath.Abs or EvalSymlinks) of a tracked name.
func (t *Tracker) isPathFunc(call *ast.CallExpr, two bool) bool {
	fn, ok := typeutil.Callee(t.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || len(call.Args) != 1 {
		return false
	}
	if p := fn.Pkg().Path(); p != "path/filepath" && p != "path" {
		return false
	}
	switch fn.Name() {
	case "Clean", "ToSlash", "FromSlash":
		if two {
			return false
		}
	case "Abs", "EvalSymlinks":
		if !two {
			return false
		}
	default:
		return false
	}
	return t.NameExpr(call.Args[0])
}

// NameExpr reports whether e is the tracked object's path: a variable
// holding it, f.Name() of the tracked file, or a cleaned form of either.
func (t *Tracker) NameExpr(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := t.info.Uses[e].(*types.Var)
		return v != nil && t.names[v]
	case *ast.SelectorExpr:
		return t.field != nil && !t.files[t.field] && t.selectsField(e)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Name" && len(e.Args) == 0 && t.mode != Close {
			return t.fileIdent(sel.X)
		}
		return t.isPathFunc(e, false) || t.isPathFunc(e, true)
	case *ast.TypeAssertExpr:
		// v.(string) of a path handed over as any is the path.
		return e.Type != nil && t.mode != Close && isStringType(t.info.TypeOf(e)) && t.NameExpr(e.X)
	}
	return false
}

// selectsField reports whether e selects the tracked field.
func (t *Tracker) selectsField(e *ast.SelectorExpr) bool {
	f := t.fieldOf(e)
	return f != nil && f.Origin() == t.field
}

func (t *Tracker) fileIdent(e ast.Expr) bool {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && t.field != nil {
		return t.files[t.field] && t.selectsField(sel)
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := t.info.Uses[id].(*types.Var)
	return v != nil && t.files[v]
}

func (t *Tracker) cleanupIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := t.info.Uses[id].(*types.Var)
	return v != nil && t.cleanups[v]
}

// derivedExpr reports whether e is a path inside the tracked object:
// filepath.Join or concatenation with its name, a variable holding such a
// path, or the name of a file opened at one.
func (t *Tracker) derivedExpr(e ast.Expr) bool {
	if t.mode == Close {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := t.info.Uses[e].(*types.Var)
		return v != nil && t.derived[v]
	case *ast.BinaryExpr:
		return t.NameExpr(e.X) || t.derivedExpr(e.X) || t.NameExpr(e.Y) || t.derivedExpr(e.Y)
	case *ast.SelectorExpr:
		return t.derivedSelection(e)
	case *ast.IndexExpr:
		// A match of a glob inside the object (derivedfield.go).
		return isStringType(t.info.TypeOf(e)) && t.derivedExpr(e.X)
	case *ast.CallExpr:
		if t.globsInside(e) {
			return true
		}
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Name" && len(e.Args) == 0 {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				v, _ := t.info.Uses[id].(*types.Var)
				return v != nil && t.derivedFiles[v]
			}
			return false
		}
		fn, ok := typeutil.Callee(t.info, e).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Name() != "Join" {
			return false
		}
		if p := fn.Pkg().Path(); p != "path/filepath" && p != "path" {
			return false
		}
		for _, a := range e.Args {
			if t.NameExpr(a) || t.derivedExpr(a) {
				return true
			}
		}
	}
	return false
}

// reopens reports whether e is a call of os.Open or os.OpenFile at the
// tracked file's own name (os.Open(f.Name())): the same file, read-only
// or otherwise, whose Name() is the object's name.
func (t *Tracker) reopens(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	fn, ok := typeutil.Callee(t.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os" || fn.Name() != "Open" && fn.Name() != "OpenFile" {
		return false
	}
	return t.NameExpr(call.Args[0])
}

// opensDerived reports whether e is a call of os.Create, os.OpenFile,
// os.Open or os.CreateTemp at a path inside the tracked object.
func (t *Tracker) opensDerived(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	fn, ok := typeutil.Callee(t.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os" {
		return false
	}
	switch fn.Name() {
	case "Create", "Open", "OpenFile", "CreateTemp":
		return t.NameExpr(call.Args[0]) || t.derivedExpr(call.Args[0])
	}
	return false
}

// direct reports whether e is the tracked object or its cleanup itself.
func (t *Tracker) direct(e ast.Expr) bool {
	return t.NameExpr(e) || t.fileIdent(e) || t.cleanupIdent(e)
}

// Release is the pathflow predicate of the tracker.
func (t *Tracker) Release(n ast.Node, stack []ast.Node) pathflow.Action {
	r, errVar := t.Classify(n, stack)
	switch r {
	case Stored:
		if errVar != nil {
			return pathflow.Action{Effect: pathflow.ReleasedIfNil, Err: errVar}
		}
		return pathflow.Action{Effect: pathflow.Released}
	case Removed:
		return pathflow.Action{Effect: pathflow.Released}
	case Registered:
		return pathflow.Action{Effect: pathflow.Deferred}
	case Renamed:
		if t.mode == Close {
			return pathflow.Action{}
		}
		return pathflow.Action{Effect: pathflow.ReleasedIfNil, Err: errVar}
	case Returned:
		if t.mode == keepReturned {
			return pathflow.Action{}
		}
		return pathflow.Action{Effect: pathflow.Released}
	case Escaped, Shown:
		if t.mode == Strict {
			return pathflow.Action{}
		}
		return pathflow.Action{Effect: pathflow.Released}
	}
	return pathflow.Action{}
}

// Classify says why node n (with its ancestors on stack) releases the
// tracked object, if it does. For Renamed it also returns the error
// variable that says whether the rename happened.
func (t *Tracker) Classify(n ast.Node, stack []ast.Node) (Reason, *types.Var) {
	switch n := n.(type) {
	case *ast.CallExpr:
		return t.call(n, stack)
	case *ast.ReturnStmt:
		if len(n.Results) == 0 {
			for _, v := range t.results {
				if t.names[v] || t.files[v] || t.cleanups[v] {
					return Returned, nil
				}
			}
			return NoReason, nil
		}
		// Returning only a path inside the object (or a socket bound
		// inside it, a literal that captures only such a path) gives
		// the caller no way to the object: it is kept in use, not
		// handed off, unless a caller of the package removes the
		// path's parent (insideresult.go).
		for _, e := range n.Results {
			if t.recoveryError(e) { // recoveryerror.go
				return Shown, nil
			}
		}
		best := NoReason
		for i, e := range n.Results {
			switch h := t.holds(e); {
			case h == holdsItself:
				return Returned, nil
			case h == holdsInside && !t.endpointExpr(e) && t.lit(e) == holdsNothing && t.res.callerRemovesParent(t.decl, i):
				best = Returned
			case h == holdsInside && best == NoReason:
				best = Kept
			}
		}
		return best, nil
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return NoReason, nil
		}
		best := NoReason
		for i, rhs := range n.Rhs {
			h := t.holds(rhs)
			if h == holdsNothing {
				continue
			}
			lhs := ast.Unparen(n.Lhs[i])
			if id, ok := lhs.(*ast.Ident); ok {
				if id.Name == "_" {
					continue
				}
				v := t.lhsVar(id)
				if v == nil {
					continue
				}
				if !t.local(v) {
					best = max(best, stored(h)) // a global, or a variable of the enclosing function
					continue
				}
				if _, ep := t.endpoints[v]; !t.direct(rhs) && !t.derivedExpr(rhs) && !t.holders[v] && t.closures[v] == holdsNothing && !ep && !t.staysLocal(v) {
					// A composite value with the object (or a path
					// inside it) in a local variable: where the value
					// goes is not followed, so it may be anywhere,
					// unless it never leaves the function (an argument
					// list for a command: localstore.go).
					best = Stored
				}
				continue // an alias, a local owner, closure or socket
			}
			if v := t.rootVar(lhs); v != nil && t.holders[v] {
				continue // into a field of a local owner: it owes the removal now
			}
			if h == holdsItself && t.intoOutParam(lhs) {
				best = max(best, Returned) // *p = name: the caller owns it now (outparam.go)
				continue
			}
			if v := t.rootVar(lhs); v != nil && t.staysLocal(v) {
				continue // into a field of a local value that never leaves (localstore.go)
			}
			best = max(best, stored(h)) // a field, map or slice element, *p
		}
		return best, nil
	case *ast.ValueSpec:
		best := NoReason
		for i, v := range n.Values {
			h := t.holds(v)
			if h == holdsNothing || t.direct(v) || t.derivedExpr(v) || t.lit(v) != holdsNothing || t.endpointExpr(v) {
				continue
			}
			if i < len(n.Names) && t.holders[t.lhsVar(n.Names[i])] {
				continue
			}
			best = Stored // a local composite value, as above
		}
		return best, nil
	case *ast.SendStmt:
		return stored(t.holds(n.Value)), nil
	}
	return NoReason, nil
}

func (t *Tracker) call(call *ast.CallExpr, stack []ast.Node) (Reason, *types.Var) {
	r, errVar := t.callReason(call, stack)
	switch r {
	case NoReason, Escaped, Kept:
		if t.shownOnFailure(call) {
			return Shown, nil
		}
	}
	return r, errVar
}

func (t *Tracker) callReason(call *ast.CallExpr, stack []ast.Node) (Reason, *types.Var) {
	if t.cleanupIdent(call.Fun) || t.closesEndpoint(call) {
		return Removed, nil
	}
	if tv, ok := t.info.Types[call.Fun]; ok && tv.IsType() {
		return NoReason, nil // a conversion
	}
	if r, ok := t.ownerCall(call, stack); ok {
		return r, nil
	}
	var carried []int
	most := holdsNothing
	intoHolders := t.intoHolders(call)
	for i, a := range call.Args {
		if t.storesInto(call, i) {
			continue // visit(&name): the call stores the object, it does not take it (outparam.go)
		}
		if intoHolders[i] {
			continue // s.setDir(dir): into a field of a local owner, which owes the removal now (setsfield.go)
		}
		if h := t.holds(a); h != holdsNothing {
			carried = append(carried, i)
			most = max(most, h)
		}
	}
	if len(carried) == 0 {
		if t.mode == Close {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && t.fileIdent(sel.X) {
				return Removed, nil
			}
		}
		return NoReason, nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := t.info.Uses[id].(*types.Builtin); ok {
			if b.Name() == "append" {
				h := holdsNothing
				for _, i := range carried {
					if i > 0 {
						h = max(h, t.holds(call.Args[i]))
					}
				}
				if h == holdsNothing {
					return NoReason, nil
				}
				// Into a field, a global or an element: a store. Into
				// a local list: the list holds it from here on, and
				// tempcleanup follows the list on the SSA form
				// (namelist.go) for the objects made in the function;
				// anywhere else: a hand-off, as for a local composite
				// value.
				if len(stack) > 0 && t.appendsOutside(call, stack[len(stack)-1]) {
					return stored(h), nil
				}
				if v := selfAppend(t.info, call, stack); v != nil && t.staysLocal(v) {
					// args = append(args, "-o", dir) into an argument
					// list that never leaves the function
					// (localstore.go): no hand-off.
					return NoReason, nil
				}
				return Stored, nil
			}
			return NoReason, nil
		}
	}
	if t.mode != Close && t.onlyAsNamelessInterface(call, carried) {
		return NoReason, nil
	}
	fn, _ := typeutil.Callee(t.info, call).(*types.Func)
	if fn == nil {
		if t.pathsAsAnyToFuncValue(call, carried) { // funcvalueany.go
			return NoReason, nil
		}
		return Escaped, nil // a function value
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) && !isTestingCleanup(fn) {
		if t.pathsAsAnyToFuncValue(call, carried) { // funcvalueany.go
			return NoReason, nil // a logger's Infof("%q", path): formatted, not removed
		}
		return Escaped, nil // dynamic
	}
	key := funcKey(fn)
	switch {
	case stdRemovers[key] && t.NameExpr(call.Args[0]) && t.mode != Close:
		return Removed, nil
	case stdRemovers[key]:
		return NoReason, nil // removes something else, or a path inside it
	case key == [2]string{"os", "Rename"} && t.NameExpr(call.Args[0]):
		return Renamed, renameErr(t.info, call, stack)
	case key == [2]string{"os", "Rename"} && t.direct(call.Args[1]) && t.NameExpr(call.Args[1]):
		// Renamed over: once the rename succeeds the name holds the
		// file moved there (rclone's backup of the old config), no
		// longer the temp object, and what it holds is not the
		// function's to remove.
		return Renamed, renameErr(t.info, call, stack)
	case isTestingCleanup(fn):
		for _, i := range carried {
			if t.lit(call.Args[i]) != holdsNothing {
				// t.Cleanup(func() { ... }): the search looks into
				// the literal for what it removes.
				return NoReason, nil
			}
		}
		return Registered, nil
	case isShim(key[0]):
		return Stored, nil
	case envSetters[key] && t.defersRemoval():
		return NoReason, nil // named while the function owns it
	case stdStorers[key]:
		return stored(most), nil
	case stdPrinters[key]:
		return Shown, nil // the user is told where it is
	case key == [2]string{"fmt", "Errorf"} && returnedNow(stack) && t.forRecovery(call):
		// return fmt.Errorf("...; the backup is kept at %s", dir): the
		// error hands the path to the user, who needs it to recover.
		return Shown, nil
	case isStd(key[0]) && fn.Pkg() != t.res.pkg:
		return NoReason, nil
	}
	// Any other function: what it does with the parameters that receive
	// the object, from its facts (another package) or its body (this
	// one).
	taken, kept, unknown := false, false, false
	for _, i := range carried {
		h := t.holds(call.Args[i])
		switch t.res.ParamUse(fn, paramIndex(sig, i)) {
		case Release:
			// Removing the object releases it; removing a path inside
			// it leaves it. A function that releases by keeping (it
			// stores its parameter on every path) takes the object,
			// and keeps a path inside it in use.
			if t.res.keepsParam(fn, paramIndex(sig, i)) {
				taken = taken || h == holdsItself
				kept = kept || h == holdsInside
			} else if h == holdsItself && t.direct(call.Args[i]) {
				return Removed, nil
			}
		case Take:
			// A function that keeps a path inside the object keeps
			// the object in use, but cannot remove it: the caller
			// still owns it.
			taken = taken || h == holdsItself
			kept = kept || h == holdsInside
		case Keep:
			kept = true
		case Unknown:
			if t.pathAsAny(fn, sig, call, i) {
				continue // a value it keeps, not a path it removes
			}
			unknown = true
		}
	}
	switch {
	case taken:
		// A constructor that keeps the object in the owner it returns
		// (iso9660.Create(..., workdir)) takes it only when it succeeds:
		// where its error is set, no owner holds it (ownertype.go).
		return Stored, t.res.ownerTakenErr(fn, call, stack)
	case unknown:
		return Escaped, nil
	case kept:
		return Kept, nil
	}
	return NoReason, nil
}

// pathAsAny reports whether argument i of the call is the tracked path
// itself, a string, received by a parameter of type any of a function of
// another package whose use of it is unknown (viper's Set(key, value), a
// logger's fields): such code keeps the value, it does not remove what it
// is handed as any, so the caller still owns the directory. A string
// parameter, a file, or a function with facts are judged as before.
func (t *Tracker) pathAsAny(fn *types.Func, sig *types.Signature, call *ast.CallExpr, i int) bool {
	if fn.Pkg() == t.res.pkg || sig == nil || call.Ellipsis.IsValid() || t.mode == Close {
		return false
	}
	arg := call.Args[i]
	if !isStringType(t.info.TypeOf(arg)) || !t.NameExpr(arg) {
		return false
	}
	return takesAny(sig, i)
}

// takesAny reports whether argument i of a call of sig is passed as an
// empty interface (an element of a variadic ...any included).
func takesAny(sig *types.Signature, i int) bool {
	j := paramIndex(sig, i)
	if j >= sig.Params().Len() {
		return false
	}
	pt := sig.Params().At(j).Type()
	if sig.Variadic() && j == sig.Params().Len()-1 {
		sl, ok := pt.(*types.Slice)
		if !ok {
			return false
		}
		pt = sl.Elem()
	}
	return isEmptyInterface(pt)
}

func isStringType(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// onlyAsNamelessInterface reports whether every argument of the call that
// carries the object is the tracked *os.File itself, received by a
// parameter of an interface type that has no Name() string method
// (io.Writer, io.WriterAt, io.ReadSeeker): whatever the callee does with
// it, function value or interface method alike, it cannot name the file
// to remove it, so the caller still owns it. Only a type assertion could
// recover the name, and code that takes a writer does not remove what it
// writes to.
func (t *Tracker) onlyAsNamelessInterface(call *ast.CallExpr, carried []int) bool {
	sig, ok := t.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || call.Ellipsis.IsValid() {
		return false
	}
	for _, i := range carried {
		if !t.fileIdent(call.Args[i]) {
			return false
		}
		j := paramIndex(sig, i)
		if j >= sig.Params().Len() {
			return false
		}
		pt := sig.Params().At(j).Type()
		if sig.Variadic() && j == sig.Params().Len()-1 {
			sl, ok := pt.(*types.Slice)
			if !ok {
				return false
			}
			pt = sl.Elem()
		}
		if !types.IsInterface(pt) || hasNameMethod(pt) {
			return false
		}
	}
	return true
}

// hasNameMethod reports whether values of type t have a Name() string
// method, as *os.File does: an interface with it (or any, which a type
// switch may turn back into the file) lets the callee learn the path.
func hasNameMethod(t types.Type) bool {
	if iface, ok := t.Underlying().(*types.Interface); ok && iface.NumMethods() == 0 {
		return true // any: nothing is known of what the callee asserts
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Name")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// appendsOutside reports whether the append call, whose parent is parent,
// is assigned to something other than a local variable: a field, an
// element, a global.
func (t *Tracker) appendsOutside(call *ast.CallExpr, parent ast.Node) bool {
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for i, r := range as.Rhs {
		if ast.Unparen(r) != ast.Expr(call) {
			continue
		}
		if id, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident); ok {
			v := t.lhsVar(id)
			return v != nil && !t.local(v)
		}
		return true
	}
	return false
}

// paramIndex maps an argument index to its parameter index.
func paramIndex(sig *types.Signature, i int) int {
	if sig != nil && sig.Variadic() && i >= sig.Params().Len()-1 {
		return sig.Params().Len() - 1
	}
	return i
}

// renameErr returns the variable that receives the error of the rename
// call: err in "err := os.Rename(...)" or "err = os.Rename(...)".
func renameErr(info *types.Info, call *ast.CallExpr, stack []ast.Node) *types.Var {
	if len(stack) == 0 {
		return nil
	}
	as, ok := stack[len(stack)-1].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != ast.Expr(call) {
		return nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Defs[id].(*types.Var); ok {
		return v
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

// scopeNode returns a node spanning the tracked function, for searches.
func (t *Tracker) scopeNode() ast.Node {
	if t.body != nil {
		return t.body
	}
	return &ast.BlockStmt{}
}

// Local reports whether v is a variable of the tracked function (or of a
// function literal inside it), not a global or a variable of an enclosing
// function.
func (t *Tracker) Local(v *types.Var) bool { return t.local(v) }

// Shows reports whether some node of the tracked function prints the
// object's path for the user (fmt.Print*, log.Print*): it is left on disk
// on purpose.
func (t *Tracker) Shows() bool {
	return t.any(func(r Reason) bool { return r == Shown })
}

// any reports whether some node of the tracked function (closures
// included) releases the object for a reason that match accepts.
func (t *Tracker) any(match func(Reason) bool) bool {
	if t.body == nil {
		return false
	}
	found := false
	ast.PreorderStack(t.body, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		if r, _ := t.Classify(n, stack); match(r) {
			found = true
		}
		return true
	})
	return found
}

// defersRemoval reports whether the function defers the removal of the
// object: a defer statement (or a registration such as t.Cleanup) that
// removes it, in a branch or not. Memoized; a search that reaches this
// question again while answering it gets false.
func (t *Tracker) defersRemoval() bool {
	if t.defers != 0 || t.body == nil {
		return t.defers == 2
	}
	t.defers = 1
	found := false
	ast.PreorderStack(t.body, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok && !underDefer(stack) {
			return false
		}
		switch r, _ := t.Classify(n, stack); r {
		case Removed:
			found = underDefer(stack)
		case Registered:
			found = true
		}
		return true
	})
	if found {
		t.defers = 2
	}
	return found
}

// underDefer reports whether a node with these ancestors runs deferred: it
// lies in a defer statement of the function (its call or a literal's body).
func underDefer(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.DeferStmt); ok {
			return true
		}
	}
	return false
}

// AttemptsRemoval reports whether some node of the tracked function (on any
// path, in any closure) removes the object, renames it, registers its
// removal, or calls its cleanup.
func (t *Tracker) AttemptsRemoval() bool {
	if t.body == nil {
		return false
	}
	found := false
	ast.PreorderStack(t.body, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		switch r, _ := t.Classify(n, stack); r {
		case Removed, Renamed, Registered:
			found = true
		}
		return true
	})
	return found
}

// returnedNow reports whether the call at the top of stack is a result of
// a return statement (through parentheses).
func returnedNow(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.ReturnStmt:
			return true
		}
		return false
	}
	return false
}

// recoveryWords are what an error says when it hands a path to the user
// to recover from: the path is kept for them, not merely named.
var recoveryWords = []string{"kept", "keep", "left", "saved", "backup", "preserved", "restore", "recover", "remains", "manually", "inspect"}

// forRecovery reports whether the constant format of fmt.Errorf says that
// the path it names is left for the user ("backup kept at %s"), rather
// than naming it as context ("writing %s: %w").
func (t *Tracker) forRecovery(call *ast.CallExpr) bool {
	if len(call.Args) == 0 {
		return false
	}
	tv, ok := t.info.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	return recoveryFormat(constant.StringVal(tv.Value))
}

// recoveryFormat reports whether an error's format says that the path it
// names is kept for the user.
func recoveryFormat(format string) bool {
	format = strings.ToLower(format)
	for _, w := range recoveryWords {
		if strings.Contains(format, w) {
			return true
		}
	}
	return false
}
