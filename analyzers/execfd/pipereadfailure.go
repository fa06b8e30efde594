package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A return taken only when reading the child's own output pipe fails
// leaves the child unwaited on a path no run takes: io.ReadAll of the read
// end that cmd.StdoutPipe or cmd.StderrPipe returned reports the child's
// exit as EOF, not as an error, and read(2) on a pipe fails only when the
// parent closed its own end (EBADF, os.ErrClosed). u-root's compress
// ("dat, err := io.ReadAll(stdout); if err != nil { return nil, err }",
// then Wait) is the shape: a strict maintainer calls the zombie there
// unreachable, so the finding is strict-only. Only io.ReadAll (and
// ioutil.ReadAll) count: their error is the pipe's own, where io.Copy's
// may be the writer's and a decoder's is the data's (a child that writes
// bad data may still be writing, and stays blocked on the pipe). The pipe
// must be the command's in every assignment, and the function must not
// close it or hand it on before the read (only deferred uses, run after
// the return, and the reads are allowed).

// inOwnPipeReadFailure reports whether the node lies in the body of "if err
// != nil" where err is the error of io.ReadAll of a pipe that cmd's
// StdoutPipe or StderrPipe returned, assigned in the if's init or by the
// statement just before the if.
func (fn *fun) inOwnPipeReadFailure(cmd *command, n ast.Node) bool {
	info := fn.info()
	path, _ := astutil.PathEnclosingInterval(fn.file, n.Pos(), n.End())
	for i, p := range path {
		ifs, ok := p.(*ast.IfStmt)
		if !ok {
			continue
		}
		if i == 0 || path[i-1] != ifs.Body {
			return false // the nearest if holds n outside its body
		}
		bin, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || bin.Op != token.NEQ || !pkgtypes.IsNil(info, bin.Y) {
			return false
		}
		errID, ok := ast.Unparen(bin.X).(*ast.Ident)
		if !ok {
			return false
		}
		assign, ok := ifs.Init.(*ast.AssignStmt)
		if !ok && i+1 < len(path) {
			assign = stmtBefore(path[i+1], ifs)
		}
		if assign == nil || len(assign.Rhs) != 1 || len(assign.Lhs) != 2 {
			return false
		}
		last, ok := assign.Lhs[1].(*ast.Ident)
		if !ok || info.ObjectOf(last) == nil || info.ObjectOf(last) != info.ObjectOf(errID) {
			return false
		}
		call, ok := ast.Unparen(assign.Rhs[0]).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !isFunc(info, call, "io", "ReadAll") && !isFunc(info, call, "io/ioutil", "ReadAll") {
			return false
		}
		id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		return ok && fn.ownOutputPipe(cmd, v)
	}
	return false
}

// stmtBefore returns the assignment just before s in the block or clause
// that holds it, or nil.
func stmtBefore(parent ast.Node, s ast.Stmt) *ast.AssignStmt {
	var list []ast.Stmt
	switch p := parent.(type) {
	case *ast.BlockStmt:
		list = p.List
	case *ast.CaseClause:
		list = p.Body
	case *ast.CommClause:
		list = p.Body
	}
	for i := 1; i < len(list); i++ {
		if list[i] == s {
			as, _ := list[i-1].(*ast.AssignStmt)
			return as
		}
	}
	return nil
}

// ownOutputPipe reports whether v is a local variable that only ever holds
// the reader of cmd's StdoutPipe or StderrPipe, and that the function uses
// only as the argument of io.ReadAll or in a deferred call.
func (fn *fun) ownOutputPipe(cmd *command, v *types.Var) bool {
	info := fn.info()
	assigned, ok := false, true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.DeferStmt:
			return false // runs after the return
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, isID := lhs.(*ast.Ident)
				if !isID || info.ObjectOf(id) != v {
					continue
				}
				if i != 0 || len(n.Rhs) != 1 || !fn.outputPipeCall(cmd, n.Rhs[0]) {
					ok = false
				}
				assigned = true
			}
			for _, rhs := range n.Rhs {
				ast.Inspect(rhs, visit)
			}
			return false
		case *ast.CallExpr:
			if (isFunc(info, n, "io", "ReadAll") || isFunc(info, n, "io/ioutil", "ReadAll")) && len(n.Args) == 1 {
				if id, isID := ast.Unparen(n.Args[0]).(*ast.Ident); isID && info.Uses[id] == v {
					return false
				}
			}
		case *ast.Ident:
			if info.Uses[n] == v {
				ok = false // closed, read otherwise or handed on
			}
		}
		return true
	}
	ast.Inspect(fn.body, visit)
	return ok && assigned
}

// outputPipeCall reports whether e is cmd.StdoutPipe() or cmd.StderrPipe().
func (fn *fun) outputPipeCall(cmd *command, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "StdoutPipe" && sel.Sel.Name != "StderrPipe" {
		return false
	}
	m, ok := fn.info().Uses[sel.Sel].(*types.Func)
	return ok && m.Pkg() != nil && m.Pkg().Path() == "os/exec" && isVar(fn.info(), sel.X, cmd.v)
}
