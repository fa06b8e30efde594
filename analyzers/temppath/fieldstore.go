package temppath

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// checkFieldStores reports a fixed path in shared temp stored into a
// struct field (config.BuildDir = "/tmp/yaytmp/", Config{Dir: "/tmp/x"})
// whose value the package then creates: the field is read into the path
// of a creation (os.MkdirAll(cfg.BuildDir, ...), os.Create(cfg.BuildDir +
// name)) or handed to a function whose createsAt fact says it creates
// that argument. The store is the hazard's one place and its fix: every
// user of the program shares the name, and the first one owns it.
//
// Fields the evaluator follows to the creation (unexported, set in one
// place) are reported at the creation already; only the others are
// judged here, and only when every store of the package sets a fixed
// path in shared temp: a field that other code of the package also sets
// (the path of a result, a test's sample value) may hold something else
// wherever it is read. A name that is not constant (a per-user suffix)
// is left to the creations that use it.
func (c *checker) checkFieldStores() {
	info := c.pass.TypesInfo
	type store struct {
		pos, end ast.Node
		val      ast.Expr
	}
	stores := make(map[*types.Var][]store)
	for _, f := range c.pass.Files {
		if c.r.Generated(f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
							fv := s.Obj().(*types.Var)
							stores[fv] = append(stores[fv], store{l, n.Rhs[i], n.Rhs[i]})
						}
					}
				}
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					kv, ok := elt.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					id, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					if fv, ok := info.Uses[id].(*types.Var); ok && fv.IsField() {
						stores[fv] = append(stores[fv], store{kv, kv, kv.Value})
					}
				}
			}
			return true
		})
	}
	for fv, ss := range stores {
		if fv.Pkg() != c.pass.Pkg || !fv.Exported() && len(ss) == 1 {
			continue // another package's type, or a field the evaluator follows
		}
		// Every store of the package sets a fixed shared path: the field
		// is a default, not a value that other code of the package
		// chooses (which a read cannot tell apart from it).
		fixed := true
		for _, s := range ss {
			tv, ok := info.Types[s.val]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				fixed = false
				break
			}
			if d := c.paths.Describe(s.val); d.Loc != tempdir.Shared || !d.Predictable {
				fixed = false
				break
			}
		}
		if !fixed {
			continue
		}
		c.exportField(fv, len(ss), ss[0].val)
		for _, s := range ss {
			tv := info.Types[s.val]
			use, ok := c.fieldCreated(fv)
			if !ok {
				continue
			}
			c.report(analysis.Diagnostic{
				Pos: s.pos.Pos(), End: s.end.End(),
				Message: fmt.Sprintf("field %s is set to the fixed path %s in shared temp dir, which %s creates: every user of the program shares the name, and another local user can pre-create it or plant a symlink; default it to a per-user directory (os.UserCacheDir()) or one from os.MkdirTemp",
					fv.Name(), constant.StringVal(tv.Value), use),
			})
		}
	}
}

// fieldCreated tells whether a read of the field fv reaches the path of
// a creation in the package: in the path expression of a creation call,
// in a local variable that is, or in an argument that a createsAt fact
// says the callee creates at. It returns the creation as text.
func (c *checker) fieldCreated(fv *types.Var) (string, bool) {
	info := c.pass.TypesInfo
	mentions := func(e ast.Expr, locals map[*types.Var]bool) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if s, ok := info.Selections[n]; ok && s.Obj() == fv {
					found = true
				}
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && locals[v] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			locals := make(map[*types.Var]bool) // locals assigned from the field
			var use string
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if use != "" {
					return false
				}
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Lhs) == len(n.Rhs) {
						for i, l := range n.Lhs {
							if id, ok := l.(*ast.Ident); ok && mentions(n.Rhs[i], locals) {
								if v, ok := info.ObjectOf(id).(*types.Var); ok && !v.IsField() {
									locals[v] = true
								}
							}
						}
					}
				case *ast.CallExpr:
					if call, ok := fscall.Match(info, n); ok {
						if p := c.facts.judged(&call); p != nil && mentions(p, locals) {
							use = fmt.Sprintf("%s at %s", call.Name, c.facts.where(n))
						}
						return true
					}
					callee := typeutil.StaticCallee(info, n)
					if callee == nil || n.Ellipsis.IsValid() {
						return true
					}
					if fact := c.facts.of(callee); fact != nil {
						for _, pc := range fact.Params {
							if pc.Index < len(n.Args) && mentions(n.Args[pc.Index], locals) {
								use = fmt.Sprintf("%s (%s at %s)", callee.Name(), pc.Call, pc.Where)
							}
						}
					}
				}
				return true
			})
			if use != "" {
				return use, true
			}
		}
	}
	return "", false
}

// exportField exports the sharedVar fact of an exported field that the
// package sets in one place, to a fixed path in shared temp: another
// package that creates at it (os.MkdirAll(config.Conf.BuildDir, ...))
// is judged as if the path were written there, with the store as its
// origin.
func (c *checker) exportField(fv *types.Var, stores int, val ast.Expr) {
	if !fv.Exported() || stores != 1 {
		return
	}
	if tv, ok := c.pass.TypesInfo.Types[val]; !ok || tv.Value == nil {
		return
	}
	d := c.paths.Describe(val)
	if d.Loc != tempdir.Shared || !d.Predictable {
		return
	}
	c.pass.ExportObjectFact(fv, &sharedVar{
		Predictable: true, PredictableParts: true,
		What: "field " + fv.Name() + ", set", Where: c.facts.where(val),
	})
}
