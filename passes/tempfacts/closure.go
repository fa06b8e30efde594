package tempfacts

import (
	"go/ast"
	"go/types"
)

// A holding says what a value holds of the tracked object.
type holding int

const (
	holdsNothing holding = iota
	// holdsInside: a path inside the object (filepath.Join(dir, "x")),
	// a socket bound there, or something that captures only these.
	// Whoever keeps it uses the object but cannot remove it.
	holdsInside
	// holdsItself: the object, its cleanup, a local owner of it, or a
	// function literal that captures one of these.
	holdsItself
)

// holds says what the value of e holds of the tracked object: the object
// itself (its name, its file, its cleanup, an owner, a listener that
// unlinks it, a function literal capturing one of these, a composite
// literal with one inside), only a path inside it, or nothing.
//
// A function literal that captures the object keeps it for as long as the
// literal lives: returning or storing it, or passing it to a function that
// takes it, hands the object off exactly as passing the object would
// (tarball.LayerFromFile keeps its path in the opener it stores).
func (t *Tracker) holds(e ast.Expr) holding {
	if t.direct(e) || t.holderIdent(e) {
		return holdsItself
	}
	if t.derivedExpr(e) {
		return holdsInside
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := t.info.Uses[e].(*types.Var)
		if v == nil {
			return holdsNothing
		}
		if h := t.closures[v]; h != holdsNothing {
			return h
		}
		if ep, ok := t.endpoints[v]; ok {
			return ep.holds()
		}
	case *ast.FuncLit:
		return t.capture(e)
	case *ast.CompositeLit:
		h := holdsNothing
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			h = max(h, t.holds(elt))
		}
		return h
	case *ast.UnaryExpr:
		return t.holds(e.X)
	}
	return holdsNothing
}

// carries reports whether the value of e holds the tracked object or a
// path inside it.
func (t *Tracker) carries(e ast.Expr) bool { return t.holds(e) != holdsNothing }

// capture says what the function literal lit captures of the tracked
// object (memoized: literals are judged at every node that holds them).
func (t *Tracker) capture(lit *ast.FuncLit) holding {
	if h, ok := t.captured[lit]; ok {
		return h
	}
	t.captured[lit] = holdsNothing // a literal that refers to itself
	h := holdsNothing
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if h == holdsItself {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if _, ok := e.(*ast.FuncLit); ok {
			return true // its body is part of this one
		}
		if x := t.holds(e); x != holdsNothing {
			h = max(h, x)
			return false
		}
		return true
	})
	t.captured[lit] = h
	return h
}

// stored is the reason of a store of a value that holds h: a store of the
// object hands it off; a store of a path inside it keeps the object in use
// without handing it off, since whoever holds the path cannot remove the
// object.
func stored(h holding) Reason {
	switch h {
	case holdsItself:
		return Stored
	case holdsInside:
		return Kept
	}
	return NoReason
}

// lit says what e captures when it is a function literal or a local
// variable holding one, and holdsNothing otherwise.
func (t *Tracker) lit(e ast.Expr) holding {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return t.capture(e)
	case *ast.Ident:
		if v, _ := t.info.Uses[e].(*types.Var); v != nil {
			return t.closures[v]
		}
	}
	return holdsNothing
}
