package filemode

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A tree with read-only directories (Go's module cache is 0444) cannot be
// removed until its directories are writable again, so code that removes
// such a tree first walks it and chmods every directory to 0777
// (cmd/internal/script's rm: filepath.WalkDir(dir, … os.Chmod(path, 0777)
// …), then robustio.RemoveAll(dir)). The mode is world-writable only
// between the chmod and the removal that follows at once: the
// finding is strict-only. It must be the tree's removal that follows: a
// chmod in the walk function over root, of the path the walk gives it,
// with root removed by a later statement of the block that walks (root not
// assigned in between); or a chmod of a variable removed by a later
// statement of the chmod's own block. Removing is os.RemoveAll, os.Remove,
// or a call of a function with the removesParam fact on the argument.

// removesParam is the fact of a function that removes its parameter
// Param: it passes it, never assigned, to os.RemoveAll or os.Remove, or to
// a function with the fact, in a statement of its body.
type removesParam struct {
	Param int
}

func (*removesParam) AFact() {}

func (f *removesParam) String() string { return "removesParam" }

// exportRemovers exports the removesParam facts of the package's
// functions. The standard library's removers are known by name.
func (c *checker) exportRemovers() {
	if pkgtypes.IsStd(c.pass.Pkg.Path()) {
		return
	}
	for fn := range c.funcDecls() {
		if p, ok := c.removedParam(fn); ok {
			c.pass.ExportObjectFact(fn, &removesParam{Param: p})
		}
	}
}

// removedParam returns the parameter that fn removes, computed from its
// body for a function of the package, from its fact for another's.
func (c *checker) removedParam(fn *types.Func) (int, bool) {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return 0, false
	}
	if fn.Pkg() != c.pass.Pkg {
		var f removesParam
		if c.pass.ImportObjectFact(fn, &f) {
			return f.Param, true
		}
		return 0, false
	}
	if p, ok := c.removers[fn]; ok {
		return p, p >= 0
	}
	c.removers[fn] = -1 // also while it is computed: recursion adds nothing
	d := c.funcDecls()[fn]
	if d == nil || d.Body == nil {
		return 0, false
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		v := params.At(i)
		if assignedIn(c.pass.TypesInfo, d.Body, v) {
			continue
		}
		for _, s := range d.Body.List {
			if c.removes(s, v) {
				c.removers[fn] = i
				return i, true
			}
		}
	}
	return 0, false
}

// removes reports whether the statement removes the path held by v: a
// call of a remover with v as the removed argument, as the statement, a
// returned value or an assigned one.
func (c *checker) removes(s ast.Stmt, v *types.Var) bool {
	var call *ast.CallExpr
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(s.X).(*ast.CallExpr)
	case *ast.ReturnStmt:
		if len(s.Results) == 1 {
			call, _ = ast.Unparen(s.Results[0]).(*ast.CallExpr)
		}
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			call, _ = ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		}
	case *ast.IfStmt:
		if a, ok := s.Init.(*ast.AssignStmt); ok && len(a.Rhs) == 1 {
			call, _ = ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
		}
	}
	if call == nil {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || call.Ellipsis.IsValid() {
		return false
	}
	i := 0
	switch {
	case fn.Pkg().Path() == "os" && (fn.Name() == "RemoveAll" || fn.Name() == "Remove"):
	default:
		p, ok := c.removedParam(fn)
		if !ok {
			return false
		}
		i = p
	}
	if i >= len(call.Args) {
		return false
	}
	id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == v
}

// assignedIn reports whether n assigns v (or takes its address).
func assignedIn(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.AssignStmt:
			for _, l := range m.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v && m.Tok != token.DEFINE {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && info.ObjectOf(id) == v {
				found = true
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && m.Op == token.AND && info.ObjectOf(id) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// chmodBeforeRemoval reports whether the chmod only makes a tree
// removable: its path is removed right after (see above).
func (c *checker) chmodBeforeRemoval(chmod *ast.CallExpr, path ast.Expr) bool {
	id, ok := ast.Unparen(path).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	stack, _ := astutil.PathEnclosingInterval(c.file, chmod.Pos(), chmod.End())
	// The chmod's own block: a later statement removes v.
	if c.removedLater(stack, v) {
		return true
	}
	// The walk function's path parameter, and the walked root removed
	// after the walk.
	for i, n := range stack {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			continue
		}
		if lit.Type.Params == nil || len(lit.Type.Params.List) == 0 || len(lit.Type.Params.List[0].Names) == 0 ||
			c.pass.TypesInfo.Defs[lit.Type.Params.List[0].Names[0]] != v || assignedIn(c.pass.TypesInfo, lit.Body, v) {
			return false
		}
		if i+1 >= len(stack) {
			return false
		}
		walk, ok := stack[i+1].(*ast.CallExpr)
		if !ok || len(walk.Args) != 2 || walk.Args[1] != lit {
			return false
		}
		fn, ok := typeutil.Callee(c.pass.TypesInfo, walk).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "path/filepath" || fn.Name() != "Walk" && fn.Name() != "WalkDir" {
			return false
		}
		rootID, ok := ast.Unparen(walk.Args[0]).(*ast.Ident)
		if !ok {
			return false
		}
		root, ok := c.pass.TypesInfo.Uses[rootID].(*types.Var)
		return ok && c.removedLater(stack[i+1:], root)
	}
	return false
}

// removedLater reports whether, in the innermost block of stack, a
// statement after the one holding stack[0] removes v, with no statement
// in between assigning it.
func (c *checker) removedLater(stack []ast.Node, v *types.Var) bool {
	for i, n := range stack {
		block, ok := n.(*ast.BlockStmt)
		if !ok || i == 0 {
			continue
		}
		at := -1
		for j, s := range block.List {
			if s == stack[i-1] {
				at = j
			}
		}
		if at < 0 {
			return false
		}
		for _, s := range block.List[at+1:] {
			if c.removes(s, v) {
				return true
			}
			if assignedIn(c.pass.TypesInfo, s, v) {
				return false
			}
		}
		return false
	}
	return false
}
