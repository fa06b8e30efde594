package pathflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// This file holds what the search learns from branch conditions: which
// branches cannot be taken while the resource exists (the creation failed)
// or after it was released (the release succeeded), and the boolean local
// variables that carry that knowledge from an assignment to a later branch
// ("owned := err == nil; ...; if owned { f.Close() }").

// A fact is what the truth of a condition says about the path.
type fact uint8

const (
	errNonNil fact = 1 << iota // the tracked error variable is not nil
	errNil                     // the tracked error variable is nil
	absent                     // the resource does not exist here (or was released)
)

// maxDerived bounds the boolean variables followed on one path; beyond it
// the oldest is forgotten, which can only keep a branch, never drop one.
const maxDerived = 4

// A derivation is a boolean local variable whose value, since it was last
// assigned on the path, says that the resource is absent: absent[0] when
// the variable is true, absent[1] when it is false.
type derivation struct {
	v      *types.Var
	absent [2]bool
}

type derivations [maxDerived]derivation

func (d *derivations) lookup(v *types.Var) (derivation, bool) {
	for _, e := range d {
		if e.v == v && v != nil {
			return e, true
		}
	}
	return derivation{}, false
}

func (d *derivations) remove(v *types.Var) {
	out := derivations{}
	j := 0
	for _, e := range d {
		if e.v != nil && e.v != v {
			out[j] = e
			j++
		}
	}
	*d = out
}

func (d *derivations) add(e derivation) {
	d.remove(e.v)
	if d[maxDerived-1].v != nil {
		copy(d[:], d[1:]) // forget the oldest
		d[maxDerived-1] = derivation{}
	}
	for i := range d {
		if d[i].v == nil {
			d[i] = e
			return
		}
	}
}

// assume returns the state on a branch where f holds, and false if the
// branch is not searched: the resource does not exist there (the creation
// failed, the object is nil, the release succeeded) or f contradicts itself.
func assume(st state, f fact) (state, bool) {
	if f&absent != 0 || f&(errNonNil|errNil) == errNonNil|errNil {
		return st, false
	}
	switch st.errKind {
	case errOfCreation:
		if f&errNonNil != 0 {
			return st, false // the failure branch of the creation needs nothing
		}
	case errOfRelease:
		if f&errNil != 0 {
			return st, false // released on the success branch
		}
		if f&errNonNil != 0 {
			st.err, st.errKind = nil, errNone // not released: search on
		}
	}
	return st, true
}

// branch calls next for each successor of b that a path in state st can
// take.
func (s *search) branch(b *cfg.Block, st state, next func(*cfg.Block, state)) {
	if len(b.Succs) != 2 {
		for _, succ := range b.Succs {
			next(succ, st)
		}
		return
	}
	var cond ast.Expr
	if len(b.Nodes) > 0 {
		cond, _ = b.Nodes[len(b.Nodes)-1].(ast.Expr)
	}
	if cond == nil || s.caseValue(cond) {
		next(b.Succs[0], st)
		next(b.Succs[1], st)
		return
	}
	// "if cmd.Start() == nil && waitFor(cmd)": the creation is in the
	// condition, and its right operand, which runs on the true branch
	// after the creation, may release it.
	releasedIfTrue := false
	if be, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && be.Op == token.LAND && s.isCreation(cond) && s.q.Creation != nil &&
		be.X.Pos() <= s.q.Creation.Pos() && s.q.Creation.End() <= be.X.End() {
		releasedIfTrue = s.scan(be.Y).Effect == Released
	}
	for i, val := range []bool{true, false} {
		if val && releasedIfTrue {
			continue
		}
		f := s.implies(cond, val, &st, true)
		if st2, ok := assume(st, f); ok {
			if s.q.NoteUnchecked && st.errKind == errOfCreation && f&errNil != 0 {
				st2.checked = true // the creation succeeded on this branch
			}
			s.rememberCond(cond, val, &st2)
			next(b.Succs[i], st2)
		}
	}
}

// implies returns what cond being val says, in state st.
//
// Branches on the tracked error: "err != nil", "err == nil", a predicate
// that is true only for a non-nil error (Query.ErrPredicate: errors.Is,
// os.IsNotExist, ...), a comma-ok assertion's ok. Branches on the object:
// "obj == nil" (or "" for a name) means the creation failed. A boolean
// variable derived from any of these carries its meaning. A pure condition
// the path took with the other value is never val (repeated.go).
//
// A disjunction with a test for a non-nil error counts as that test on its
// true branch ("if name == "" || err != nil { t.Fatal(err) }": the branch
// is taken as the failure), and so does the false branch of a conjunction
// with "err == nil"; that approximation (approx) is for branches on the
// error only, not for a variable derived from it, and the other facts
// combine exactly.
func (s *search) implies(cond ast.Expr, val bool, st *state, approx bool) fact {
	info := s.q.Info
	if f := s.repeated(cond, val, st); f != 0 {
		return f
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return s.implies(e.X, !val, st, approx)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			x, y := s.implies(e.X, val, st, approx), s.implies(e.Y, val, st, approx)
			if (e.Op == token.LAND) == val {
				return x | y // both sides hold
			}
			// One side holds, which one is not known.
			f := (x & y) &^ (errNonNil | errNil)
			if approx && (x&errNonNil != 0 || y&errNonNil != 0) {
				f |= errNonNil
			}
			return f
		case token.EQL, token.NEQ:
			x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
			if pkgtypes.IsNil(info, x) || isZeroString(info, x) {
				x, y = y, x
			}
			if s.q.ObjMayBeOwn && st.obj != nil && !isConst(info, x) && !isConst(info, y) {
				// "key != p": the resource on either side.
				if id, ok := y.(*ast.Ident); ok && info.Uses[id] == st.obj {
					x, y = y, x
				}
				if id, ok := x.(*ast.Ident); ok && info.Uses[id] == st.obj && (e.Op == token.EQL) == val {
					return absent // the caller's own value, not a new one
				}
			}
			if s.q.ErrResult && x == s.q.Creation && pkgtypes.IsNil(info, y) {
				// "cmd.Start() == nil": the creation's own error.
				if (e.Op == token.EQL) == val {
					return errNil
				}
				return errNonNil
			}
			if s.q.NotNil != nil && pkgtypes.IsNil(info, y) && (e.Op == token.EQL) == val && s.q.NotNil(x) {
				return absent // x == nil where x cannot be nil
			}
			if isZeroInt(info, x) {
				x, y = y, x
			}
			if s.emptyName(x, st) && isZeroInt(info, y) && (e.Op == token.EQL) == val {
				return absent // len(name) == 0: as name == ""
			}
			id, ok := x.(*ast.Ident)
			if !ok {
				return 0
			}
			isZero := (e.Op == token.EQL) == val // the branch where x equals y
			v := info.Uses[id]
			switch {
			case v == st.err && st.err != nil && pkgtypes.IsNil(info, y):
				if isZero {
					return errNil
				}
				return errNonNil
			case v == st.obj && st.obj != nil && (pkgtypes.IsNil(info, y) || isZeroString(info, y)):
				if isZero {
					return absent
				}
			}
		}
	case *ast.Ident:
		if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
			if constant.BoolVal(tv.Value) != val {
				return absent // a branch that is never taken
			}
			return 0
		}
		if v, ok := info.Uses[e].(*types.Var); ok {
			if d, ok := st.derived.lookup(v); ok {
				if (val && d.absent[0]) || (!val && d.absent[1]) {
					return absent
				}
			}
		}
	case *ast.CallExpr:
		if val && st.err != nil && s.q.ErrPredicate != nil {
			if arg := s.q.ErrPredicate(e); arg != nil {
				if id, ok := ast.Unparen(arg).(*ast.Ident); ok && info.Uses[id] == st.err {
					return errNonNil
				}
			}
		}
	}
	return 0
}

// derive updates the boolean variables that node n (a block node) assigns:
// those whose value then says whether the resource exists are recorded,
// the others forgotten.
func (s *search) derive(n ast.Node, st *state) {
	if s.detail >= leastDetail {
		return
	}
	lhs, rhs := AssignSides(n)
	if len(lhs) == 0 {
		return
	}
	var add []derivation
	switch {
	case len(lhs) == len(rhs):
		for i, l := range lhs {
			if v := s.boolVar(l); v != nil {
				d := derivation{v: v}
				_, ok := assume(*st, s.implies(rhs[i], true, st, false))
				d.absent[0] = !ok
				_, ok = assume(*st, s.implies(rhs[i], false, st, false))
				d.absent[1] = !ok
				if d.absent[0] || d.absent[1] {
					add = append(add, d)
				}
			}
		}
	case len(lhs) == 2 && len(rhs) == 1:
		// _, ok := err.(T): ok means err is not nil.
		ta, isTA := ast.Unparen(rhs[0]).(*ast.TypeAssertExpr)
		if v := s.boolVar(lhs[1]); isTA && v != nil && st.err != nil {
			if id, ok := ast.Unparen(ta.X).(*ast.Ident); ok && s.q.Info.Uses[id] == st.err {
				d := derivation{v: v}
				_, ok := assume(*st, errNonNil)
				d.absent[0] = !ok
				if d.absent[0] {
					add = append(add, d)
				}
			}
		}
	}
	for _, l := range lhs {
		if id, ok := l.(*ast.Ident); ok {
			if v, ok := s.q.Info.Defs[id].(*types.Var); ok {
				st.derived.remove(v)
			} else if v, ok := s.q.Info.Uses[id].(*types.Var); ok {
				st.derived.remove(v)
			}
		}
	}
	for _, d := range add {
		st.derived.add(d)
	}
}

// boolVar returns the local boolean variable that e names, if its value can
// only change by an assignment the search sees: its address is never taken
// and no function literal assigns it.
func (s *search) boolVar(e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := s.q.Info.Defs[id].(*types.Var)
	if v == nil {
		v, _ = s.q.Info.Uses[id].(*types.Var)
	}
	if v == nil || v.IsField() {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	s.scanFunc()
	if s.unsafeVars[v] || v.Pos() < s.bodyStart || v.Pos() >= s.bodyEnd {
		return nil // assigned where the search does not look, or declared outside the function
	}
	return v
}

// caseValue reports whether cond is a case value of a switch with a tag: its
// truth is not what picks the branch.
func (s *search) caseValue(cond ast.Expr) bool {
	s.scanFunc()
	return s.caseValues[cond]
}

// scanFunc records, once per search, the variables whose address is taken
// or that a function literal assigns, those a function literal uses, the case values of tagged switches,
// and the extent of the function's statements.
func (s *search) scanFunc() {
	if s.unsafeVars != nil {
		return
	}
	s.unsafeVars = make(map[*types.Var]bool)
	s.captured = make(map[*types.Var]bool)
	s.caseValues = make(map[ast.Expr]bool)
	s.constSet = make(map[*types.Var]bool)
	info := s.q.Info
	nonConst := make(map[*types.Var]bool)
	assigned := func(id *ast.Ident, rhs ast.Expr) {
		v, ok := info.Defs[id].(*types.Var)
		if !ok {
			v, _ = info.Uses[id].(*types.Var)
		}
		if v == nil {
			return
		}
		if tv, ok := info.Types[rhs]; rhs != nil && (!ok || tv.Value == nil || tv.Value.Kind() != constant.Bool) {
			nonConst[v] = true
			return
		}
		s.constSet[v] = true
	}
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				s.unsafeVars[v] = true
			}
		}
	}
	var visit func(n ast.Node, inLit bool)
	visit = func(n ast.Node, inLit bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				if !inLit {
					visit(m.Body, true)
					return false
				}
			case *ast.UnaryExpr:
				if m.Op == token.AND {
					mark(m.X)
				}
			case *ast.Ident:
				if inLit {
					if v, ok := info.Uses[m].(*types.Var); ok {
						s.captured[v] = true
					}
				}
			case *ast.AssignStmt:
				if inLit {
					for _, l := range m.Lhs {
						mark(l)
					}
				}
				for i, l := range m.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						var rhs ast.Expr = l // not a constant: a tuple, an op=
						if len(m.Lhs) == len(m.Rhs) && (m.Tok == token.ASSIGN || m.Tok == token.DEFINE) {
							rhs = m.Rhs[i]
						}
						assigned(id, rhs)
					}
				}
			case *ast.ValueSpec:
				for i, id := range m.Names {
					var rhs ast.Expr // the zero value, false
					if len(m.Values) == len(m.Names) {
						rhs = m.Values[i]
					} else if len(m.Values) > 0 {
						rhs = id // a tuple
					}
					assigned(id, rhs)
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{m.Key, m.Value} {
					if id, ok := e.(*ast.Ident); ok {
						assigned(id, id)
					}
				}
			case *ast.SwitchStmt:
				if m.Tag != nil {
					for _, c := range m.Body.List {
						for _, e := range c.(*ast.CaseClause).List {
							s.caseValues[e] = true
						}
					}
				}
			}
			return true
		})
	}
	for _, b := range s.q.CFG.Blocks {
		for _, n := range b.Nodes {
			if !s.bodyStart.IsValid() || n.Pos() < s.bodyStart {
				s.bodyStart = n.Pos()
			}
			if n.End() > s.bodyEnd {
				s.bodyEnd = n.End()
			}
			visit(n, false)
		}
	}
	for v := range nonConst {
		delete(s.constSet, v)
	}
}

// flagVar returns the variable of cond when cond is a boolean local
// variable, or its negation, that the function only ever sets to
// constants ("keep := true; ...; keep = false"): its value on a path is
// the code's, not the user's, and the search learns it from the
// assignments on the path (assignedConst).
func (s *search) flagVar(cond ast.Expr) *types.Var {
	e := ast.Unparen(cond)
	for {
		u, ok := e.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := s.q.Info.Uses[id].(*types.Var)
	if !ok || !isBool(v.Type()) {
		return nil
	}
	s.scanFunc()
	if !s.constSet[v] || s.unsafeVars[v] || v.Pos() < s.bodyStart || v.Pos() >= s.bodyEnd {
		return nil
	}
	return v
}

// assignedConst remembers, after block node n, the value of a flag
// variable (flagVar) that n declares with a constant: the value the
// function starts from, which a path that returns before assigning the
// flag again has not decided on ("keepBackup := true" until the backup is
// made). A later assignment ("keep = true" where a test fails) is a
// decision: the search forgets the flag there, and a removal it guards
// then covers the return, as a deliberate keep.
func (s *search) assignedConst(n ast.Node, st *state) {
	if s.detail >= noRepeated {
		return
	}
	var ids []*ast.Ident
	var vals []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) || n.Tok != token.DEFINE {
			return
		}
		for i, l := range n.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok {
				ids, vals = append(ids, id), append(vals, n.Rhs[i])
			}
		}
	case *ast.ValueSpec:
		if len(n.Values) != len(n.Names) {
			return
		}
		ids, vals = n.Names, n.Values
	default:
		return
	}
	s.scanFunc()
	for i, id := range ids {
		v, _ := s.q.Info.Defs[id].(*types.Var)
		tv, ok := s.q.Info.Types[vals[i]]
		if v == nil || !s.constSet[v] || !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
			continue
		}
		if atom := s.varAtom(v); atom != 0 {
			st.conds.set(atom, constant.BoolVal(tv.Value))
		}
	}
}

// emptyName reports whether e is len(Obj), Obj a string not assigned
// since the creation: zero exactly when the name is "", which no created
// file or directory has.
func (s *search) emptyName(e ast.Expr, st *state) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || st.obj == nil {
		return false
	}
	if b, ok := s.q.Info.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "len" {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok || s.q.Info.Uses[id] != st.obj {
		return false
	}
	b, ok := st.obj.Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

func isZeroInt(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
}

func isZeroString(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

// isConst reports whether e is a constant or nil: a comparison with it
// does not tell a caller's value from a new one.
func isConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return !ok || tv.Value != nil || tv.IsNil()
}
