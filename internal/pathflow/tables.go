package pathflow

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Table reports whether v is a package-level table: an unexported
// variable of this package declared with a composite literal that has
// elements, that no function of the package assigns, increments or takes
// the address of, so that it is never empty (test tables: var tests =
// []struct{...}{...}). Another package cannot write an unexported
// variable. Computed once for the package.
func (c *CFGs) Table(v *types.Var) bool {
	if c.tables == nil {
		c.findTables()
	}
	return c.tables[v]
}

func (c *CFGs) findTables() {
	c.tables = make(map[*types.Var]bool)
	info := c.info
	for _, f := range c.files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, id := range vs.Names {
					v, _ := info.Defs[id].(*types.Var)
					lit, ok := ast.Unparen(vs.Values[i]).(*ast.CompositeLit)
					if v != nil && !v.Exported() && ok && len(lit.Elts) > 0 {
						c.tables[v] = true
					}
				}
			}
		}
	}
	if len(c.tables) == 0 {
		return
	}
	written := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				delete(c.tables, v)
			}
		}
	}
	for _, f := range c.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					written(l)
				}
			case *ast.IncDecStmt:
				written(n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					written(n.X)
				}
			case *ast.RangeStmt:
				written(n.Key)
				written(n.Value)
			case *ast.CallExpr:
				if emptiesArg(info, n) {
					written(n.Args[0])
				}
			}
			return true
		})
	}
}

// emptiesArg reports whether call is delete(m, k) or clear(m), which can
// leave a map empty.
func emptiesArg(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) == 0 {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && (b.Name() == "delete" || b.Name() == "clear")
}
