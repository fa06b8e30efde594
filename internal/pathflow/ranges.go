package pathflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// A range loop over a collection that is never empty runs its body at
// least once: the edge from the loop's head to the statement after it is
// taken only after an iteration. Without this, a release in the body of
//
//	for _, tt := range tests { t.Run(tt.name, func(t *testing.T) { ... os.RemoveAll(dir) ... }) }
//
// leaves a path (zero iterations) on which nothing is released, although
// tests is a table literal. The search keeps, per path, the range loops
// it has entered (state.entered, one bit per loop head); at a loop head
// not yet entered on the path, a never-empty loop goes only into its
// body. Entering the loop again from outside (an enclosing loop's next
// iteration) keeps the bit, so both edges are searched then: less
// precise, never unsound.

// loopBit returns the bit of the range-loop head b in state.entered, or 0
// when b is not the head of a range loop over a collection that is never
// empty (or the function has more such loops than bits).
func (s *search) loopBit(b *cfg.Block) uint64 {
	if b.Kind != cfg.KindRangeLoop {
		return 0
	}
	r, ok := b.Stmt.(*ast.RangeStmt)
	if !ok || !s.neverEmpty(r.X) {
		return 0
	}
	if s.loopBits == nil {
		s.loopBits = make(map[*cfg.Block]uint64)
	}
	if bit, ok := s.loopBits[b]; ok {
		return bit
	}
	n := len(s.loopBits)
	if n >= 64 {
		return 0
	}
	bit := uint64(1) << n
	s.loopBits[b] = bit
	return bit
}

// neverEmpty reports whether ranging over x iterates at least once: an
// array (or pointer to array) type of non-zero length, a positive integer
// constant, a composite literal with elements, a local variable that only
// its declaration assigns (from such a literal) and whose address no one
// takes, or a package-level table (Query.Table).
func (s *search) neverEmpty(x ast.Expr) bool {
	info := s.q.Info
	x = ast.Unparen(x)
	if tv, ok := info.Types[x]; ok {
		if tv.Value != nil && tv.Value.Kind() == constant.Int {
			return constant.Sign(tv.Value) > 0
		}
		t := tv.Type.Underlying()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem().Underlying()
		}
		if a, ok := t.(*types.Array); ok {
			return a.Len() > 0
		}
	}
	if lit, ok := x.(*ast.CompositeLit); ok {
		return len(lit.Elts) > 0
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return false
	}
	if v.Parent() != nil && v.Parent() == v.Pkg().Scope() {
		return s.q.Table != nil && s.q.Table(v)
	}
	return s.localTable(v)
}

// localTable reports whether the local variable v is declared (in this
// function) from a composite literal with elements and never assigned
// again: no other assignment, no ++/--, no address taken, not assigned in a
// function literal.
func (s *search) localTable(v *types.Var) bool {
	s.scanFunc()
	if s.unsafeVars[v] || v.Pos() < s.bodyStart || v.Pos() >= s.bodyEnd {
		return false
	}
	info := s.q.Info
	nonEmpty, writes := false, 0
	for _, b := range s.q.CFG.Blocks {
		for _, n := range b.Nodes {
			ast.Inspect(n, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.FuncLit:
					return false // scanFunc saw what literals assign
				case *ast.AssignStmt:
					for i, l := range m.Lhs {
						id, ok := ast.Unparen(l).(*ast.Ident)
						if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
							continue
						}
						writes++
						if m.Tok == token.DEFINE && len(m.Lhs) == len(m.Rhs) {
							lit, ok := ast.Unparen(m.Rhs[i]).(*ast.CompositeLit)
							nonEmpty = ok && len(lit.Elts) > 0
						}
					}
				case *ast.ValueSpec:
					for i, id := range m.Names {
						if info.Defs[id] != v {
							continue
						}
						writes++
						if len(m.Values) == len(m.Names) {
							lit, ok := ast.Unparen(m.Values[i]).(*ast.CompositeLit)
							nonEmpty = ok && len(lit.Elts) > 0
						}
					}
				case *ast.IncDecStmt:
					if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && info.Uses[id] == v {
						writes++
					}
				case *ast.CallExpr:
					if emptiesArg(info, m) {
						if id, ok := ast.Unparen(m.Args[0]).(*ast.Ident); ok && info.Uses[id] == v {
							writes++
						}
					}
				}
				return true
			})
		}
		// The key and value of a range statement are block nodes of
		// their own, not assignments: the statement assigns them.
		if r, ok := b.Stmt.(*ast.RangeStmt); ok && b.Kind == cfg.KindRangeBody {
			for _, e := range []ast.Expr{r.Key, r.Value} {
				if id, ok := e.(*ast.Ident); ok && (info.Uses[id] == v || info.Defs[id] == v) {
					writes++
				}
			}
		}
	}
	return nonEmpty && writes == 1
}
