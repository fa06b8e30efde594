package pathflow

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"
)

// Reaches returns the nodes, among those for which sink returns true, that
// a path from the creation reaches before the resource is released, in the
// order found. It answers "is the resource released before this point"
// rather than "before the function exits": a release of effect Deferred
// does not count, since it runs only when the function returns, and a
// release of effect ReleasedIfNil counts as a release. The failure branch
// of the creation is skipped as in Leaks; q.Exit and q.Registers are not
// used. With q.DeferredReleases, an unguarded deferred release counts.
//
// Sink is called with the nodes of the CFG blocks on the path (statements
// and branch conditions, as in cfg.Block.Nodes), not with the nodes below
// them, after the release predicate has been consulted for the same node.
func Reaches(q *Query, sink func(n ast.Node) bool) []ast.Node {
	if q.CFG == nil || q.Release == nil || sink == nil {
		return nil
	}
	var found []ast.Node
	bounded(q, state{}, func(s *search, b *cfg.Block, i int, st state) {
		found = nil
		s.reach(b, i, st, sink, &found)
	})
	return found
}

func (s *search) reach(b *cfg.Block, i int, st state, sink func(ast.Node) bool, found *[]ast.Node) {
	if !s.visit(st.key(b, i)) {
		return
	}
	for ; i < len(b.Nodes); i++ {
		n := b.Nodes[i]
		if s.isCreation(n) {
			return
		}
		s.step(n, &st)
		a := s.scan(n)
		if a.Effect == Released || a.Effect == ReleasedIfNil {
			return
		}
		if s.q.DeferredReleases && a.Effect == Deferred && a.OnError == 0 && a.Guard == nil {
			return
		}
		if sink(n) {
			if !s.reported[n] {
				s.reported[n] = true
				*found = append(*found, n)
			}
			return
		}
	}
	s.branch(b, st, func(succ *cfg.Block, st state) { s.reach(succ, 0, st, sink, found) })
}
