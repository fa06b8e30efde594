package execfd

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// A child started with syscall.ForkExec or syscall.StartProcess is known
// by its pid alone: no *os.Process holds it, and only a wait4 on the pid
// (syscall.Wait4, unix.Wait4) reaps it. A pid that is dropped, or kept
// only for printing, comparing or signalling (Kill does not reap), leaves
// the child a zombie once it exits. A pid handed on (returned, stored,
// given to a function) is its receiver's to wait for.

// A forkExec is a call of syscall.ForkExec or syscall.StartProcess.
type forkExec struct {
	call *ast.CallExpr
	name string     // as written: "syscall.ForkExec"
	pid  *types.Var // the local variable that holds the pid, or nil
	// dropped: the pid is not kept (the blank identifier, or the call's
	// results are discarded).
	dropped bool
}

// collectForkExec records a call of syscall.ForkExec or
// syscall.StartProcess, with where its pid goes.
func (fn *fun) collectForkExec(call *ast.CallExpr, stack []ast.Node) {
	info := fn.info()
	results := 0
	switch {
	case isFunc(info, call, "syscall", "ForkExec"):
		results = 2
	case isFunc(info, call, "syscall", "StartProcess"):
		results = 3
	default:
		return
	}
	fe := forkExec{call: call, name: types.ExprString(call.Fun)}
	switch parent := stack[len(stack)-1].(type) {
	case *ast.ExprStmt:
		fe.dropped = true
	case *ast.AssignStmt:
		if len(parent.Lhs) != results || len(parent.Rhs) != 1 {
			return
		}
		if id, ok := ast.Unparen(parent.Lhs[0]).(*ast.Ident); ok && id.Name == "_" {
			fe.dropped = true
		} else if fe.pid = fn.localVar(parent.Lhs[0]); fe.pid == nil {
			return // into a field or a global: handed on
		}
	default:
		return // returned, or passed on: handed on
	}
	fn.forkExecs = append(fn.forkExecs, fe)
}

// checkForkExecs reports the children started by pid whose pid is never
// waited for nor handed on.
func (fn *fun) checkForkExecs() {
	if len(fn.forkExecs) == 0 || fn.c.reaps() {
		return
	}
	for _, fe := range fn.forkExecs {
		if fn.windowsOnly(fe.call) {
			continue
		}
		harm := "once it exits it stays a zombie until the parent exits (unless the process reaps every child itself)"
		var msg string
		switch {
		case fe.dropped:
			msg = fmt.Sprintf("the pid of the child started by %s is dropped, so nothing can wait for it: %s; keep the pid and reap the child with syscall.Wait4(pid, &status, 0, nil), or start it with os.StartProcess or exec.Cmd, whose Wait does", fe.name, harm)
		case fe.pid != nil && !fn.pidWaitedOrHanded(fe.pid):
			msg = fmt.Sprintf("the child started by %s is never waited: %s; reap it with syscall.Wait4(%s, &status, 0, nil) once it is done, or start it with os.StartProcess or exec.Cmd, whose Wait does", fe.name, harm, fe.pid.Name())
		default:
			continue
		}
		fn.unwaitedReport()(analysis.Diagnostic{Pos: fe.call.Pos(), End: fe.call.End(), Message: msg})
	}
}

// pidWaitedOrHanded reports whether the function waits for the pid held
// by v (a wait4 on it), or hands it on: returns it, stores it, assigns it
// to another variable, or passes it to a function other than a signal, a
// formatter or a conversion.
func (fn *fun) pidWaitedOrHanded(v *types.Var) bool {
	info := fn.info()
	found := false
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if found || !ok || info.Uses[id] != v || len(stack) == 0 {
			return !found
		}
		switch parent := stack[len(stack)-1].(type) {
		case *ast.BinaryExpr:
			if parent.Op == token.EQL || parent.Op == token.NEQ || parent.Op == token.LSS || parent.Op == token.GTR || parent.Op == token.LEQ || parent.Op == token.GEQ {
				return true // compared
			}
			found = true
		case *ast.CallExpr:
			callee, _ := typeutil.Callee(info, parent).(*types.Func)
			if callee == nil || !pidBorrower(callee) {
				found = true // a wait4, or code that may wait
			}
		case *ast.AssignStmt:
			for i, lhs := range parent.Lhs {
				if lhs == ast.Expr(id) {
					return true // assigned again
				}
				if len(parent.Lhs) == len(parent.Rhs) && parent.Rhs[i] == ast.Expr(id) {
					if blank, ok := lhs.(*ast.Ident); ok && blank.Name == "_" {
						return true // "_ = pid" keeps nothing
					}
				}
			}
			found = true
		default:
			found = true
		}
		return !found
	})
	return found
}

// pidBorrower reports whether a standard function given a pid only
// signals, prints or converts it: none of them reaps the child.
func pidBorrower(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt", "log", "log/slog", "strconv":
		return true
	case "syscall", "golang.org/x/sys/unix":
		return fn.Name() == "Kill" || fn.Name() == "Tgkill" || fn.Name() == "Setpgid"
	}
	return false
}
