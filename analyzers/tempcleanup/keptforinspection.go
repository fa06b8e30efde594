package tempcleanup

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A test that keeps its temp objects on purpose when it fails — their
// names printed with t.Errorf for whoever investigates, or their removal
// guarded by a keep flag ("if delFiles { os.RemoveAll(n) }") — must not be
// told to use t.TempDir(): the testing package would remove the evidence
// with the rest (u-root's reproducibility test keeps both builds when
// their hashes differ). The hint is then the ordinary one: remove the
// object where it leaks.
//
// The object is looked for in the function that creates it and, when that
// function returns it, in the functions of the package that call it, held
// by the variables their call assigns.

// keptForInspection reports whether the test code keeps the object on
// purpose: a testing.TB method that reports or logs (Error*, Fatal*,
// Log*, Skip*) is given the object or its name, or a removal of it is
// guarded by a boolean variable.
func (c *checker) keptForInspection(fn ast.Node, a *tempfacts.Assign) bool {
	v := c.objectVar(a)
	if v == nil {
		return false
	}
	if c.inspectable(funcBody(fn), map[*types.Var]bool{v: true}) {
		return true
	}
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return false
	}
	callee, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if callee == nil {
		return false
	}
	for _, f := range c.pass.Files {
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || found || len(as.Rhs) != 1 {
				return !found
			}
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !ok || typeutil.Callee(c.pass.TypesInfo, call) != types.Object(callee) {
				return true
			}
			held := make(map[*types.Var]bool)
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if u, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && types.Identical(u.Type(), v.Type()) {
						held[u] = true
					}
				}
			}
			if len(held) > 0 && c.inspectable(c.topBody(f, as), held) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// topBody returns the body of the top-level function declaration around n.
func (c *checker) topBody(f *ast.File, n ast.Node) *ast.BlockStmt {
	path, _ := astutil.PathEnclosingInterval(f, n.Pos(), n.End())
	for i := len(path) - 1; i >= 0; i-- {
		if fd, ok := path[i].(*ast.FuncDecl); ok {
			return fd.Body
		}
	}
	return nil
}

// inspectable reports whether body reports or logs one of vars (or its
// Name()) through a testing.TB, or removes it under "if flag" or "if
// !flag" with a boolean variable flag.
func (c *checker) inspectable(body *ast.BlockStmt, vars map[*types.Var]bool) bool {
	if body == nil {
		return false
	}
	info := c.pass.TypesInfo
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if u, ok := info.Uses[id].(*types.Var); ok && vars[u] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	found := false
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil {
			return true
		}
		switch {
		case fn.Pkg().Path() == "testing" && reportsForInspection(fn.Name()):
			for _, arg := range call.Args {
				if mentions(arg) {
					found = true
				}
			}
		case fn.Pkg().Path() == "os" && (fn.Name() == "Remove" || fn.Name() == "RemoveAll") && len(call.Args) == 1 && mentions(call.Args[0]):
			found = underFlag(info, stack)
		}
		return !found
	})
	return found
}

// reportsForInspection reports whether a testing.TB method of that name
// shows its arguments to whoever reads the test's output.
func reportsForInspection(name string) bool {
	switch name {
	case "Error", "Errorf", "Fatal", "Fatalf", "Log", "Logf", "Skip", "Skipf":
		return true
	}
	return false
}

// underFlag reports whether the innermost if on the stack tests a boolean
// variable, or its negation: a keep flag.
func underFlag(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok {
			continue
		}
		cond := ast.Unparen(ifs.Cond)
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op.String() == "!" {
			cond = ast.Unparen(u.X)
		}
		if s, ok := cond.(*ast.StarExpr); ok { // *keep, a flag.Bool
			cond = ast.Unparen(s.X)
		}
		id, ok := cond.(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		t := v.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	return false
}
