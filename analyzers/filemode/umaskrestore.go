package filemode

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/stmtlist"
)

// A Umask whose mask is what an earlier Umask returned puts back the mask
// the process had: "old := syscall.Umask(0); defer syscall.Umask(old)",
// or "defer syscall.Umask(syscall.Umask(0))". Its mask is not constant,
// but it lets through nothing the process did not let through before: the
// call that cleared the mask is the one to judge, and is judged. Only a
// mask of unknown origin is reported by -strict.

// restoresSaved reports whether the mask argument of the Umask call is
// the result of another Umask call: that call itself, or a local variable
// of the enclosing function every assignment of which is one, and whose
// address is never taken.
func restoresSaved(info *types.Info, file *ast.File, call *fscall.Call) bool {
	if len(call.Call.Args) != 1 {
		return false
	}
	arg := unconvert(info, call.Call.Args[0])
	if inner, ok := arg.(*ast.CallExpr); ok {
		return isUmask(info, inner)
	}
	id, ok := arg.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Call.Pos(), call.Call.End())
	if savedJustBefore(info, path, v) {
		return true // the read-and-restore idiom, whatever v is
	}
	if v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false // a package variable: other functions may assign it
	}
	var body ast.Node
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.FuncLit:
			if body == nil || n.Pos() <= v.Pos() && v.Pos() < n.End() {
				body = n.Body
			}
		}
	}
	if body == nil || !(body.Pos() <= v.Pos() && v.Pos() < body.End()) {
		return false // a parameter, or declared outside: origin unknown
	}
	saved, other := 0, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				lid, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || info.ObjectOf(lid) != v {
					continue
				}
				if len(n.Rhs) == len(n.Lhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
					if c, ok := unconvert(info, n.Rhs[i]).(*ast.CallExpr); ok && isUmask(info, c) {
						saved++
						continue
					}
				}
				other++
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if i < len(n.Values) {
					if c, ok := unconvert(info, n.Values[i]).(*ast.CallExpr); ok && isUmask(info, c) {
						saved++
						continue
					}
				}
				other++
			}
		case *ast.UnaryExpr:
			if uid, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[uid] == v {
				other++
			}
		}
		return true
	})
	return saved > 0 && other == 0
}

// savedJustBefore reports whether the statement right before the one that
// holds the restore (path: its enclosing nodes) assigns v the result of a
// Umask call, converted or not: "Umask = fs.FileMode(unix.Umask(0));
// unix.Umask(int(Umask))", where nothing runs between the two.
func savedJustBefore(info *types.Info, path []ast.Node, v *types.Var) bool {
	for i := 1; i+1 < len(path); i++ {
		st, ok := path[i].(ast.Stmt)
		if !ok {
			continue
		}
		prev, ok := stmtlist.Prev(path[i+1], st).(*ast.AssignStmt)
		if !ok || len(prev.Lhs) != 1 || len(prev.Rhs) != 1 {
			return false
		}
		id, ok := ast.Unparen(prev.Lhs[0]).(*ast.Ident)
		if !ok || info.ObjectOf(id) != v {
			return false
		}
		c, ok := unconvert(info, prev.Rhs[0]).(*ast.CallExpr)
		return ok && isUmask(info, c)
	}
	return false
}
