package filemode

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/stmtlist"
)

// readsUmask reports whether the Umask call only reads the mask: the
// process has no other way to learn it (but /proc/self/status on Linux),
// so "old := syscall.Umask(0)" followed at once by "syscall.Umask(old)",
// or syscall.Umask(syscall.Umask(0)) (not deferred), sets it and puts it
// back. The mask is then open only between the two calls: the message
// must not claim that files created afterwards are world-writable, only
// those that other goroutines create in that window.
func readsUmask(info *types.Info, file *ast.File, call *fscall.Call) bool {
	path, _ := astutil.PathEnclosingInterval(file, call.Call.Pos(), call.Call.End())
	path = skipConversions(info, path)
	if len(path) < 2 {
		return false
	}
	if outer, ok := path[1].(*ast.CallExpr); ok {
		// Umask(Umask(0)): restored by the outer call at once, unless the
		// outer call is deferred (then the inner one runs now and the
		// mask stays open until the function returns).
		if !isUmask(info, outer) || len(path) < 3 {
			return false
		}
		_, deferred := path[2].(*ast.DeferStmt)
		return !deferred
	}
	restore, deferred := restoredNext(info, path)
	return restore && !deferred
}

// scopedUmask reports whether the Umask call is saved and restored by a
// defer right after it ("old := syscall.Umask(0); defer
// syscall.Umask(old)"): the mask is open until the function returns, not
// for the rest of the program.
func scopedUmask(info *types.Info, file *ast.File, call *fscall.Call) bool {
	path, _ := astutil.PathEnclosingInterval(file, call.Call.Pos(), call.Call.End())
	if len(path) >= 3 {
		// defer syscall.Umask(syscall.Umask(0)): saved and restored at
		// the return in one statement.
		if outer, ok := path[1].(*ast.CallExpr); ok && isUmask(info, outer) && len(outer.Args) == 1 && ast.Unparen(outer.Args[0]) == call.Call {
			if d, ok := path[2].(*ast.DeferStmt); ok && d.Call == outer {
				return true
			}
		}
	}
	restore, deferred := restoredNext(info, path)
	return restore && deferred
}

// restoredNext reports whether the Umask call at the top of path is saved
// in a variable ("old := syscall.Umask(0)") that the very next statement
// passes back to Umask, and whether that statement defers it.
func restoredNext(info *types.Info, path []ast.Node) (restore, deferred bool) {
	if len(path) < 3 {
		return false, false
	}
	assign, ok := path[1].(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 {
		return false, false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	saved := info.ObjectOf(id)
	if !ok || saved == nil {
		return false, false
	}
	var call *ast.CallExpr
	switch next := stmtlist.Next(path[2], assign).(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(next.X).(*ast.CallExpr)
	case *ast.DeferStmt:
		call, deferred = next.Call, true
	}
	if call == nil || !isUmask(info, call) || len(call.Args) != 1 {
		return false, false
	}
	arg, ok := unconvert(info, call.Args[0]).(*ast.Ident)
	return ok && info.ObjectOf(arg) == saved, deferred
}

// skipConversions drops from path, the enclosing nodes of a call from the
// call out, the conversions and parentheses right around the call
// (Umask = fs.FileMode(unix.Umask(0))): path[0] stays the call, path[1]
// becomes what uses its converted value.
func skipConversions(info *types.Info, path []ast.Node) []ast.Node {
	i := 1
	for i < len(path) {
		switch n := path[i].(type) {
		case *ast.ParenExpr:
			i++
			continue
		case *ast.CallExpr:
			if len(n.Args) == 1 && info.Types[n.Fun].IsType() {
				i++
				continue
			}
		}
		break
	}
	if i == 1 || len(path) == 0 {
		return path
	}
	return append([]ast.Node{path[0]}, path[i:]...)
}

// unconvert strips parentheses and conversions from e: int(mask) is mask.
func unconvert(info *types.Info, e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !info.Types[call.Fun].IsType() {
			return e
		}
		e = call.Args[0]
	}
}

// inInitializer reports whether the call runs while the package is being
// initialized: in the initializer of a package-level variable or in a
// func init. Initialization runs in one goroutine before main, so a read
// of the umask there has no other goroutine's files to expose.
func inInitializer(file *ast.File, call *fscall.Call) bool {
	path, _ := astutil.PathEnclosingInterval(file, call.Call.Pos(), call.Call.End())
	for i, n := range path {
		switch n := n.(type) {
		case *ast.FuncDecl:
			return n.Recv == nil && n.Name.Name == "init" && i == len(path)-2
		case *ast.GenDecl:
			return n.Tok == token.VAR && i == len(path)-2
		}
	}
	return false
}
