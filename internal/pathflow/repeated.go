package pathflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// This file correlates repeated pure conditions: a path that took one
// branch of "if *keep" takes the same branch at a later "if !*keep" when
// nothing it can see may have written *keep in between
// ("if *keep { log(dir) }; ...; if !*keep { defer os.RemoveAll(dir) }").
//
// A condition is pure when it reads variables and nothing else: local
// variables, parameters, package-level variables, dereferences of them,
// field reads and constants, combined with operators; no calls, no index
// or map reads, no receives. Its value then changes only by a write to what
// it reads, and the search forgets it at any node that may write:
//   - an assignment (or ++, --, a range clause) to a variable it reads, or
//     to a field or element of one;
//   - any call given one of the variables the condition reads (or its
//     address, a field of it) as an argument or receiver;
//   - for a condition that reads more than the function's own local
//     variables (a package-level variable, a parameter, a variable of an
//     enclosing function, memory through a pointer): any store through a
//     pointer, field or element; any call of a function or method of the
//     package of a variable it reads; any call that may run any code (a
//     function value, an interface method, a call given a function value,
//     which may call back); and any call of package flag (Parse and Set
//     write the variables that flag.Bool and its kind returned).
//
// What is assumed: a function of another package than a variable's does
// not write the variable, nor memory reachable from it, unless given it (or
// a function that may) — package flag excepted; and no other goroutine
// writes it meanwhile (that would be a data race). Function literals within a node count as run there. A
// local variable whose address is taken or that a function literal assigns
// is not read by any pure condition (boolVar's rule); one that a function
// literal uses is treated like a package-level variable.

// maxConds bounds the conditions remembered on one path; beyond it the
// oldest is forgotten, which can only keep a branch, never drop one.
const maxConds = 4

// A condMemo is a pure condition, by its number in search.atoms (from 1),
// and the value the path took it with.
type condMemo struct {
	id  int32
	val bool
}

type condMemos [maxConds]condMemo

func (m *condMemos) lookup(id int32) (bool, bool) {
	for _, e := range m {
		if e.id == id && id != 0 {
			return e.val, true
		}
	}
	return false, false
}

func (m *condMemos) set(id int32, val bool) {
	out := condMemos{}
	j := 0
	for _, e := range m {
		if e.id != 0 && e.id != id {
			out[j] = e
			j++
		}
	}
	if j == maxConds {
		copy(out[:], out[1:]) // forget the oldest
		j--
	}
	out[j] = condMemo{id: id, val: val}
	*m = out
}

func (m *condMemos) empty() bool { return m[0].id == 0 }

// An atom is a pure boolean condition.
type atom struct {
	reads []*types.Var
	// wide: it reads more than the function's own local variables, so a
	// call or a store through a pointer may change it.
	wide bool
}

// nodeWrites is what a block node may write, for forgetting atoms.
type nodeWrites struct {
	assigned map[*types.Var]bool // variables assigned, or their fields or elements
	passed   map[*types.Var]bool // variables given to a call (or as its receiver)
	indirect bool                // a store through a pointer, field or element
	// pkgs are the packages whose functions the node calls; anyCode says
	// it may run any code.
	pkgs    map[*types.Package]bool
	anyCode bool
}

// rememberCond records on the branch where cond is val the pure conditions
// whose value that fixes.
func (s *search) rememberCond(cond ast.Expr, val bool, st *state) {
	if s.detail >= noRepeated {
		return
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			s.rememberCond(e.X, !val, st)
			return
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if val {
				s.rememberCond(e.X, true, st)
				s.rememberCond(e.Y, true, st)
			}
			return
		case token.LOR:
			if !val {
				s.rememberCond(e.X, false, st)
				s.rememberCond(e.Y, false, st)
			}
			return
		}
	}
	if id, neg := s.atomID(cond); id != 0 {
		st.conds.set(id, val != neg)
	}
}

// seedEnclosing remembers the condition of the if statement whose branch
// holds the creation, as the path took it: a creation under "if outfile ==
// """ is followed past a later "if outfile == """ only into its true
// branch (cmd/cover's htmlOutput). What the statements of the branch before
// the creation, and the creation itself, may write is forgotten again.
func (s *search) seedEnclosing(b *cfg.Block, idx int, st *state) {
	if s.detail >= noRepeated || idx > len(b.Nodes) {
		return
	}
	ifs, ok := b.Stmt.(*ast.IfStmt)
	if !ok {
		return
	}
	switch b.Kind {
	case cfg.KindIfThen:
		s.rememberCond(ifs.Cond, true, st)
	case cfg.KindIfElse:
		s.rememberCond(ifs.Cond, false, st)
	default:
		return
	}
	for _, n := range b.Nodes[:idx] {
		s.forgetWritten(n, st)
	}
}

// repeated returns absent when cond is a pure condition the path took with
// the other value, not written since: the branch where it is val is never
// taken.
func (s *search) repeated(cond ast.Expr, val bool, st *state) fact {
	if st.conds.empty() {
		return 0
	}
	if id, neg := s.atomID(cond); id != 0 {
		if v, ok := st.conds.lookup(id); ok && v != (val != neg) {
			return absent
		}
	}
	return 0
}

// forgetWritten drops the remembered conditions that node n may change.
func (s *search) forgetWritten(n ast.Node, st *state) {
	if st.conds.empty() {
		return
	}
	w := s.writesOf(n)
	out := condMemos{}
	j := 0
	for _, m := range st.conds {
		if m.id == 0 {
			continue
		}
		a := s.atoms[m.id-1]
		keep := !(a.wide && (w.anyCode || w.indirect))
		for _, v := range a.reads {
			if w.assigned[v] || w.passed[v] || a.wide && v.Pkg() != nil && w.pkgs[v.Pkg()] {
				keep = false
			}
		}
		if keep {
			out[j] = m
			j++
		}
	}
	st.conds = out
}

// atomID returns the number of the pure boolean condition e, the same for
// every occurrence of the same condition; 0 if e is not one. "x != y" is
// numbered as "x == y", negated (neg).
func (s *search) atomID(e ast.Expr) (id int32, neg bool) {
	e = ast.Unparen(e)
	target := e
	if bin, ok := e.(*ast.BinaryExpr); ok && bin.Op == token.NEQ {
		neg = true
		target = &ast.BinaryExpr{X: bin.X, Op: token.EQL, Y: bin.Y}
	}
	if id, ok := s.atomOf[e]; ok {
		return id, neg
	}
	if s.atomOf == nil {
		s.atomOf = make(map[ast.Expr]int32)
		s.atomKeys = make(map[string]int32)
		s.objNums = make(map[types.Object]int)
	}
	if tv, ok := s.q.Info.Types[e]; ok && tv.Value == nil && isBool(tv.Type) {
		var b strings.Builder
		a := atom{}
		if s.pure(target, &b, &a) {
			key := b.String()
			if id = s.atomKeys[key]; id == 0 {
				s.atoms = append(s.atoms, a)
				id = int32(len(s.atoms))
				s.atomKeys[key] = id
			}
		}
	}
	s.atomOf[e] = id
	return id, neg
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// pure reports whether e reads only variables, writing its key (the same
// for the same reads) to b and its reads to a.
// nilTestAtom returns the number of the pure condition "x == nil", as
// atomID numbers it where the code writes it; 0 if x is not pure.
func (s *search) nilTestAtom(x ast.Expr) int32 {
	if s.detail >= noRepeated {
		return 0
	}
	if s.atomOf == nil {
		s.atomOf = make(map[ast.Expr]int32)
		s.atomKeys = make(map[string]int32)
		s.objNums = make(map[types.Object]int)
	}
	var b strings.Builder
	a := atom{}
	b.WriteString("(")
	if !s.pure(x, &b, &a) {
		return 0
	}
	b.WriteString(" == nil)")
	key := b.String()
	id := s.atomKeys[key]
	if id == 0 {
		s.atoms = append(s.atoms, a)
		id = int32(len(s.atoms))
		s.atomKeys[key] = id
	}
	return id
}

// varAtom returns the number of the pure condition that is the boolean
// variable v itself, as atomID numbers "v" where the code tests it; 0 if
// v is not pure.
func (s *search) varAtom(v *types.Var) int32 {
	if s.atomOf == nil {
		s.atomOf = make(map[ast.Expr]int32)
		s.atomKeys = make(map[string]int32)
		s.objNums = make(map[types.Object]int)
	}
	var b strings.Builder
	a := atom{}
	if !s.readVar(v, &b, &a) {
		return 0
	}
	key := b.String()
	id := s.atomKeys[key]
	if id == 0 {
		s.atoms = append(s.atoms, a)
		id = int32(len(s.atoms))
		s.atomKeys[key] = id
	}
	return id
}

// condKnown returns the value of cond on the path when the path knows it:
// a pure condition, or its negation, taken (or set) and not written since.
func (s *search) condKnown(cond ast.Expr, st *state) (val, known bool) {
	e := ast.Unparen(cond)
	not := false
	for {
		u, ok := e.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		e, not = ast.Unparen(u.X), !not
	}
	id, neg := s.atomID(e)
	if id == 0 {
		return false, false
	}
	v, ok := st.conds.lookup(id)
	if !ok {
		return false, false
	}
	return v != neg != not, true
}

func (s *search) pure(e ast.Expr, b *strings.Builder, a *atom) bool {
	info := s.q.Info
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		b.WriteString(tv.Value.ExactString())
		return true
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return s.pure(e.X, b, a)
	case *ast.Ident:
		switch obj := info.Uses[e].(type) {
		case *types.Nil:
			b.WriteString("nil")
			return true
		case *types.Var:
			return s.readVar(obj, b, a)
		}
	case *ast.SelectorExpr:
		if _, ok := info.Uses[e.Sel].(*types.Var); !ok {
			return false // a method value, a function
		}
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() != types.FieldVal {
				return false
			}
			if sel.Indirect() {
				a.wide = true // through a pointer
			}
			b.WriteString("(")
			if !s.pure(e.X, b, a) {
				return false
			}
			b.WriteString(").")
			b.WriteString(e.Sel.Name)
			return true
		}
		return s.readVar(info.Uses[e.Sel].(*types.Var), b, a) // pkg.Var
	case *ast.StarExpr:
		a.wide = true
		b.WriteString("*(")
		ok := s.pure(e.X, b, a)
		b.WriteString(")")
		return ok
	case *ast.UnaryExpr:
		switch e.Op {
		case token.NOT, token.SUB, token.XOR, token.ADD:
			b.WriteString(e.Op.String() + "(")
			ok := s.pure(e.X, b, a)
			b.WriteString(")")
			return ok
		}
	case *ast.BinaryExpr:
		b.WriteString("(")
		if !s.pure(e.X, b, a) {
			return false
		}
		b.WriteString(" " + e.Op.String() + " ")
		if !s.pure(e.Y, b, a) {
			return false
		}
		b.WriteString(")")
		return true
	}
	return false
}

// readVar records a read of v; false if a write to v may be hidden from the
// search (its address is taken, a function literal assigns it).
func (s *search) readVar(v *types.Var, b *strings.Builder, a *atom) bool {
	s.scanFunc()
	if s.unsafeVars[v] {
		return false
	}
	if v.Pos() < s.bodyStart || v.Pos() >= s.bodyEnd || v.Pkg() != nil && v.Parent() == v.Pkg().Scope() || s.captured[v] {
		// A package-level variable, a parameter, a variable of an
		// enclosing function, or one a function literal uses (a call
		// may run the literal, which may write its fields).
		a.wide = true
	}
	n, ok := s.objNums[v]
	if !ok {
		n = len(s.objNums) + 1
		s.objNums[v] = n
	}
	b.WriteString("v" + strconv.Itoa(n))
	a.reads = append(a.reads, v)
	return true
}

// writesOf returns what block node n may write, computed once per node.
func (s *search) writesOf(n ast.Node) *nodeWrites {
	if w, ok := s.writes[n]; ok {
		return w
	}
	if s.writes == nil {
		s.writes = make(map[ast.Node]*nodeWrites)
	}
	info := s.q.Info
	w := &nodeWrites{assigned: make(map[*types.Var]bool), passed: make(map[*types.Var]bool), pkgs: make(map[*types.Package]bool)}
	assign := func(e ast.Expr) {
		if e == nil {
			return
		}
		e = ast.Unparen(e)
		if _, ok := e.(*ast.Ident); !ok {
			w.indirect = true
		}
		if v := pkgtypes.RootVar(info, e); v != nil {
			w.assigned[v] = true
		}
	}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			return s.nodeWrite(m, w, assign, visit)
		})
	}
	visit(n)
	s.writes[n] = w
	return w
}

// nodeWrite records what node m, met inspecting a block node, writes; it
// reports whether to look inside m.
func (s *search) nodeWrite(m ast.Node, w *nodeWrites, assign func(ast.Expr), visit func(ast.Node)) bool {
	info := s.q.Info
	{
		switch m := m.(type) {
		case *ast.DeferStmt:
			laterCall(m.Call, visit)
			return false
		case *ast.GoStmt:
			laterCall(m.Call, visit)
			return false
		case *ast.AssignStmt:
			for _, l := range m.Lhs {
				assign(l)
			}
		case *ast.IncDecStmt:
			assign(m.X)
		case *ast.RangeStmt:
			assign(m.Key)
			assign(m.Value)
		case *ast.ValueSpec:
			for _, id := range m.Names {
				if v, ok := info.Defs[id].(*types.Var); ok {
					w.assigned[v] = true
				}
			}
		case *ast.CallExpr:
			s.callWrites(m, w)
			for _, arg := range m.Args {
				if v := pkgtypes.RootVar(info, arg); v != nil {
					w.passed[v] = true
				}
			}
			if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok {
				if v := pkgtypes.RootVar(info, sel.X); v != nil {
					w.passed[v] = true // the receiver
				}
			}
		}
		return true
	}
}

// laterCall visits what a deferred call, or a call in a go statement,
// evaluates now: its function and arguments. The call itself runs later,
// or concurrently (a write there not synchronized with this path would be
// a data race).
func laterCall(c *ast.CallExpr, visit func(ast.Node)) {
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.SelectorExpr:
		visit(f.X)
	case *ast.FuncLit:
	default:
		visit(f)
	}
	for _, a := range c.Args {
		visit(a)
	}
}

// callWrites records which code the call may run: none for a builtin or a
// conversion; a function or method of a package (its package may write its
// own variables); any code for a function value, an interface method, a
// function of package flag (Parse and Set write through the pointers
// flag.Bool and its kind returned), or a call given a function value that
// may call back.
func (s *search) callWrites(call *ast.CallExpr, w *nodeWrites) {
	info := s.q.Info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	var fn types.Object
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fn = info.Uses[f]
	case *ast.SelectorExpr:
		fn = info.Uses[f.Sel]
		if sel, ok := info.Selections[f]; ok && types.IsInterface(sel.Recv()) {
			w.anyCode = true
			return
		}
	case *ast.FuncLit:
		return // its body is inspected as part of the node
	}
	switch fn := fn.(type) {
	case *types.Builtin:
		return
	case *types.Func:
		if fn.Pkg() == nil || fn.Pkg().Path() == "flag" {
			w.anyCode = true
			return
		}
		w.pkgs[fn.Pkg()] = true
	default:
		w.anyCode = true // a function value
		return
	}
	for _, arg := range call.Args {
		if _, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
			continue
		}
		if t := info.TypeOf(arg); t != nil {
			if _, ok := t.Underlying().(*types.Signature); ok {
				w.anyCode = true // may call back
			}
		}
	}
}
