// Package assigns indexes the assignments to the variables of a package
// whose every assignment is visible in it: local variables and unexported
// package-level variables whose address is never taken. The passes use it
// to follow a value through variables flow-insensitively: a variable has a
// property when every assignment to it has it.
package assigns

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// A Kind says how a variable is assigned.
type Kind int

const (
	Value    Kind = iota // v = Expr
	Tuple                // v, _ = Call(): result number Index
	Zero                 // var v T: the zero value of the variable's type
	OpAssign             // v op= Expr
	IncDec               // v++, v--
	RangeKey             // for v := range Expr
	Other                // anything else: a range value, a comma-ok second result
)

// A Source is one assignment to a variable.
type Source struct {
	Kind  Kind
	Expr  ast.Expr      // Value, OpAssign: the right-hand side; RangeKey: the range operand
	Call  *ast.CallExpr // Tuple: the call
	Index int           // Tuple: which result
}

// An Index holds the assignments of one package.
type Index struct {
	info     *types.Info
	pkg      *types.Package
	sources  map[*types.Var][]Source
	declared map[*types.Var]bool // declared by a statement that the index holds
	escaped  map[*types.Var]bool // address taken: assignments may be invisible
}

// New indexes the assignments of the package.
func New(info *types.Info, pkg *types.Package, ins *inspector.Inspector) *Index {
	x := &Index{
		info:     info,
		pkg:      pkg,
		sources:  make(map[*types.Var][]Source),
		declared: make(map[*types.Var]bool),
		escaped:  make(map[*types.Var]bool),
	}
	if info == nil || pkg == nil || ins == nil {
		return x
	}
	filter := []ast.Node{
		(*ast.AssignStmt)(nil),
		(*ast.ValueSpec)(nil),
		(*ast.IncDecStmt)(nil),
		(*ast.RangeStmt)(nil),
		(*ast.UnaryExpr)(nil),
	}
	ins.Preorder(filter, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			x.assign(n)
		case *ast.ValueSpec:
			for i, id := range n.Names {
				v := x.Tracked(id)
				if v == nil {
					continue
				}
				x.declared[v] = true
				switch {
				case len(n.Values) == len(n.Names):
					x.add(v, Source{Kind: Value, Expr: n.Values[i]})
				case len(n.Values) == 1:
					if call, ok := ast.Unparen(n.Values[0]).(*ast.CallExpr); ok {
						x.add(v, Source{Kind: Tuple, Call: call, Index: i})
					} else {
						x.add(v, Source{Kind: Other})
					}
				case len(n.Values) == 0:
					x.add(v, Source{Kind: Zero})
				default:
					x.add(v, Source{Kind: Other})
				}
			}
		case *ast.IncDecStmt:
			if v := x.Tracked(n.X); v != nil {
				x.add(v, Source{Kind: IncDec})
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
				if v := x.Tracked(n.Key); v != nil {
					x.declared[v] = x.declared[v] || n.Tok == token.DEFINE
					x.add(v, Source{Kind: RangeKey, Expr: n.X})
				}
				if v := x.Tracked(n.Value); v != nil {
					x.declared[v] = x.declared[v] || n.Tok == token.DEFINE
					x.add(v, Source{Kind: Other})
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := x.Tracked(n.X); v != nil {
					x.escaped[v] = true
				}
			}
		}
	})
	return x
}

func (x *Index) assign(n *ast.AssignStmt) {
	switch n.Tok {
	case token.DEFINE, token.ASSIGN:
		for i, lhs := range n.Lhs {
			v := x.Tracked(lhs)
			if v == nil {
				continue
			}
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && n.Tok == token.DEFINE && x.info.Defs[id] != nil {
				x.declared[v] = true
			}
			switch {
			case len(n.Rhs) == len(n.Lhs):
				x.add(v, Source{Kind: Value, Expr: n.Rhs[i]})
			case len(n.Rhs) == 1:
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					x.add(v, Source{Kind: Tuple, Call: call, Index: i})
				} else if i == 0 {
					x.add(v, Source{Kind: Value, Expr: n.Rhs[0]}) // v, ok := m[k] / x.(T) / <-ch
				} else {
					x.add(v, Source{Kind: Other})
				}
			default:
				x.add(v, Source{Kind: Other})
			}
		}
	default: // op=
		if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
			if v := x.Tracked(n.Lhs[0]); v != nil {
				x.add(v, Source{Kind: OpAssign, Expr: n.Rhs[0]})
			}
		}
	}
}

func (x *Index) add(v *types.Var, s Source) { x.sources[v] = append(x.sources[v], s) }

// Tracked returns the variable that e names if it is of a kind whose
// assignments the index holds: a local variable or an unexported
// package-level variable of this package. It returns nil otherwise.
func (x *Index) Tracked(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, ok := x.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() != x.pkg {
		return nil
	}
	if v.Parent() == x.pkg.Scope() && v.Exported() {
		return nil
	}
	return v
}

// Sources returns every assignment to v, including its declaration. It
// reports false when the index cannot see them all: v is a parameter, a
// result, a type-switch variable, has its address taken, or is not tracked.
func (x *Index) Sources(v *types.Var) ([]Source, bool) {
	if v == nil || !x.declared[v] || x.escaped[v] {
		return nil, false
	}
	return x.sources[v], true
}
