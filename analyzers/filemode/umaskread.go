package filemode

import (
	"go/ast"
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
	assign, ok := path[1].(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 || len(path) < 3 {
		return false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	saved := info.ObjectOf(id)
	next := stmtlist.Next(path[2], assign)
	es, ok := next.(*ast.ExprStmt)
	if !ok || saved == nil {
		return false
	}
	restore, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok || !isUmask(info, restore) || len(restore.Args) != 1 {
		return false
	}
	arg, ok := ast.Unparen(restore.Args[0]).(*ast.Ident)
	return ok && info.ObjectOf(arg) == saved
}

// scopedUmask reports whether the Umask call is saved and restored by a
// defer right after it ("old := syscall.Umask(0); defer
// syscall.Umask(old)"): the mask is open until the function returns, not
// for the rest of the program.
func scopedUmask(info *types.Info, file *ast.File, call *fscall.Call) bool {
	path, _ := astutil.PathEnclosingInterval(file, call.Call.Pos(), call.Call.End())
	if len(path) < 3 {
		return false
	}
	assign, ok := path[1].(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 {
		return false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	saved := info.ObjectOf(id)
	ds, ok := stmtlist.Next(path[2], assign).(*ast.DeferStmt)
	if !ok || saved == nil || !isUmask(info, ds.Call) || len(ds.Call.Args) != 1 {
		return false
	}
	arg, ok := ast.Unparen(ds.Call.Args[0]).(*ast.Ident)
	return ok && info.ObjectOf(arg) == saved
}
