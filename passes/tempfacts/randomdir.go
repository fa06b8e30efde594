package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// randomDirAssign recognizes a home-made temp directory: a name whose last
// element is random (a math/rand or crypto/rand value, a buffer rand.Read
// filled, as randomName judges) joined to a directory, and created with
// os.MkdirAll or os.Mkdir without a loop that retries on an existing name
// (act's startHostEnvironment):
//
//	miscpath := filepath.Join(cacheDir, hex.EncodeToString(randBytes))
//	if err := os.MkdirAll(filepath.Join(miscpath, "act"), 0o777); err != nil {
//
// The function made the directory (MkdirAll makes it as the parent of the
// path inside it), and owes its removal or hand-off on every path, as for
// os.MkdirTemp's. It returns the assignment of the first call of fn that
// creates it, with the variable holding the name as the object and the
// directory it is joined to as the parent, or nil. A name joined to a
// private directory (inside a temp directory the function tracks,
// t.TempDir()) is a path inside an object someone owns already: no new
// obligation. Only tempcleanup's check of fn uses it, not the returnsTemp
// fact.
func (r *Result) randomDirAssign(fn ast.Node, call *ast.CallExpr, stack []ast.Node) *Assign {
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	if body == nil || len(stack) == 0 {
		return nil
	}
	callee, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok || !isMkdir(callee) || len(call.Args) != 2 {
		return nil
	}
	lhs, rhs := pathflow.AssignSides(stack[len(stack)-1])
	if len(lhs) != 1 || len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(call) {
		return nil
	}
	errID, ok := lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	values := r.assignedValues(body)
	obj, v, parent := r.randomDirOf(body, callee, call.Args[0], values)
	if obj == nil {
		return nil
	}
	if r.dirs.Classify(parent) == tempdir.Private || r.testingDir(parent) {
		return nil // a path inside an object someone owns
	}
	// Only the first call that makes it is the creation.
	first := true
	ast.Inspect(body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || !first || c.Pos() >= call.Pos() {
			return first
		}
		if f, ok := typeutil.Callee(r.info, c).(*types.Func); ok && isMkdir(f) && len(c.Args) == 2 {
			if _, w, _ := r.randomDirOf(body, f, c.Args[0], values); w == v {
				first = false
			}
		}
		return first
	})
	if !first {
		return nil
	}
	return &Assign{
		Stmt:     stack[len(stack)-1],
		Object:   obj,
		Err:      errID,
		Creation: &Creation{Call: call, Callee: callee, Kind: Dir, Cleanup: -1, DirArg: parent},
	}
}

// isMkdir reports whether fn is os.Mkdir or os.MkdirAll.
func isMkdir(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "os" && (fn.Name() == "Mkdir" || fn.Name() == "MkdirAll")
}

// randomDirOf returns the variable with a random last element that the
// path e makes (an identifier of it, the variable, and the directory it
// is joined to): e is that variable, or, for os.MkdirAll, a path joined
// inside it (directly, or through a variable assigned once).
func (r *Result) randomDirOf(body *ast.BlockStmt, mkdir *types.Func, e ast.Expr, values map[*types.Var][]ast.Expr) (*ast.Ident, *types.Var, ast.Expr) {
	for range 2 {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if ok {
			v, _ := r.info.Uses[id].(*types.Var)
			if v == nil || len(values[v]) != 1 {
				return nil, nil, nil
			}
			if parent := r.randomJoin(body, values[v][0], values); parent != nil {
				return id, v, parent
			}
			e = values[v][0]
		}
		if mkdir.Name() != "MkdirAll" {
			return nil, nil, nil
		}
		join, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || !isJoin(r.info, join) || len(join.Args) < 2 {
			return nil, nil, nil
		}
		e = join.Args[0]
		if _, ok := ast.Unparen(e).(*ast.Ident); !ok {
			return nil, nil, nil
		}
	}
	return nil, nil, nil
}

// randomJoin returns the directory of e when e is filepath.Join or
// path.Join of it and a random last element, or nil.
func (r *Result) randomJoin(body *ast.BlockStmt, e ast.Expr, values map[*types.Var][]ast.Expr) ast.Expr {
	join, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !isJoin(r.info, join) || len(join.Args) < 2 {
		return nil
	}
	last := join.Args[len(join.Args)-1]
	if !r.randomName(body, last, values, make(map[*types.Var]bool)) {
		return nil
	}
	for _, a := range join.Args[:len(join.Args)-1] {
		if r.randomName(body, a, values, make(map[*types.Var]bool)) {
			return nil // a path inside a random directory
		}
	}
	return join.Args[0]
}

// isJoin reports whether call is filepath.Join or path.Join.
func isJoin(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Name() == "Join" && (fn.Pkg().Path() == "path/filepath" || fn.Pkg().Path() == "path")
}
