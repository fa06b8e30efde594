package execfd

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A process started with os.StartProcess (or a starter of the same type)
// is the caller's to reap, as a started exec.Cmd is: its *os.Process must
// be waited (Wait) or let go on purpose (Release) on every path from the
// successful start to a return, or handed on (returned, stored, passed to
// other code, used in a function literal). A process whose result is
// dropped ("_, err := os.StartProcess(...)") can never be waited.

// checkProcessWaits reports the processes of the function that are
// started and then neither waited, released nor handed on.
func (fn *fun) checkProcessWaits() {
	if fn.c.reaps() {
		return // a reaper waits for every child
	}
	for _, p := range fn.procs {
		if p.reported || fn.windowsOnly(p.call) {
			continue
		}
		switch {
		case p.dropped:
			if fn.goesOn(p.call) {
				fn.reportDropped(p)
			}
			continue
		case p.proc == nil:
			continue // its result goes elsewhere than a local variable
		}
		if fn.procHandedOn(p.proc) || fn.pidFDSet(p) {
			continue
		}
		fn.checkProcessWait(p)
	}
}

// goesOn reports whether a path from the successful call returns
// normally: a test that expects the start to fail and stops if it
// succeeds has no child to wait for.
func (fn *fun) goesOn(call *ast.CallExpr) bool {
	path, _ := astutil.PathEnclosingInterval(fn.file, call.Pos(), call.End())
	for _, l := range pathflow.Leaks(&pathflow.Query{
		Info:         fn.info(),
		CFG:          fn.cfg,
		Creation:     call,
		Err:          fn.errOf(call, path),
		ErrPredicate: fn.c.pred.Arg, Table: fn.c.table,
		Release: func(ast.Node, []ast.Node) pathflow.Action { return pathflow.Action{} },
	}) {
		if l.Kind == pathflow.Return {
			return true
		}
	}
	return false
}

// procHandedOn reports whether the process variable is used other than
// through its own methods and fields (Wait, Release, Kill, Signal, Pid) or
// a comparison with nil: returned, stored, passed on, captured.
func (fn *fun) procHandedOn(v *types.Var) bool {
	info := fn.info()
	handed := false
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] != v || handed {
			return !handed
		}
		for _, s := range stack {
			if _, ok := s.(*ast.FuncLit); ok {
				handed = true // a goroutine or a cleanup that may wait for it
				return false
			}
		}
		switch parent := stack[len(stack)-1].(type) {
		case *ast.SelectorExpr:
			if parent.X == id && parent.Sel.Name == "Pid" && pidHandedOn(stack[:len(stack)-1]) {
				break // its number goes to code that may wait for it (wait4)
			}
			if parent.X == id {
				return true
			}
		case *ast.BinaryExpr:
			if pkgtypes.IsNil(info, parent.X) || pkgtypes.IsNil(info, parent.Y) {
				return true
			}
		case *ast.AssignStmt:
			for _, l := range parent.Lhs {
				if l == id {
					return true // assigned again: a new generation
				}
			}
		}
		handed = true
		return false
	})
	return handed
}

// pidHandedOn reports whether p.Pid, under the stack, is returned or
// stored: whoever gets the number may wait for it.
func pidHandedOn(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if _, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					return true // into a field
				}
			}
			return false
		case *ast.CallExpr, *ast.FuncLit, ast.Stmt:
			return false
		}
	}
	return false
}

// pidFDSet reports whether the start asks for a pidfd (SysProcAttr.PidFD):
// the code that holds it reaps the child through it (waitid P_PIDFD).
func (fn *fun) pidFDSet(p *startProcess) bool {
	if len(p.call.Args) != 3 {
		return false
	}
	var attr ast.Node = p.call.Args[2]
	if lit := fn.procAttr(p.call.Args[2]); lit != nil {
		attr = lit
	}
	found := false
	ast.Inspect(attr, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := fn.info().Uses[id].(*types.Var); ok && v.IsField() && v.Name() == "PidFD" && v.Pkg() != nil && v.Pkg().Path() == "syscall" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// checkProcessWait follows the paths from the successful start to the
// returns, looking for Wait or Release on the process.
func (fn *fun) checkProcessWait(p *startProcess) {
	path, _ := astutil.PathEnclosingInterval(fn.file, p.call.Pos(), p.call.End())
	info := fn.info()
	if fn.isMain() {
		return // returning from main ends the process: init reaps the child
	}
	q := &pathflow.Query{
		Info:         info,
		CFG:          fn.cfg,
		Creation:     p.call,
		Err:          fn.errOf(p.call, path),
		Obj:          p.proc,
		ErrPredicate: fn.c.pred.Arg, Table: fn.c.table,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return pathflow.Action{}
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if ok && (sel.Sel.Name == "Wait" || sel.Sel.Name == "Release") && isVar(info, sel.X, p.proc) {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return pathflow.Action{}
		},
	}
	var strictOnly ast.Node
	for _, l := range pathflow.Leaks(q) {
		if l.Kind != pathflow.Return {
			continue
		}
		if ret, ok := l.Node.(*ast.ReturnStmt); ok && fn.endsProgram(ret) {
			if strictOnly == nil {
				strictOnly = ret
			}
			continue
		}
		fn.reportProcess(p, l.Node, "this return leaves the process unwaited")
		return
	}
	if strictOnly != nil {
		fn.reportProcessWith(fn.c.r.ReportStrict, p, strictOnly, "this return leaves the process unwaited, and main then exits")
	}
}

func (fn *fun) reportProcess(p *startProcess, at ast.Node, msg string) {
	fn.reportProcessWith(fn.unwaitedReport(), p, at, msg)
}

func (fn *fun) reportProcessWith(report func(analysis.Diagnostic), p *startProcess, at ast.Node, msg string) {
	name := p.proc.Name()
	report(analysis.Diagnostic{
		Pos: p.call.Pos(), End: p.call.End(),
		Message: "the child started by " + p.name + " is not waited on some path: once it exits it stays a zombie until the parent exits (unless the process reaps every child itself); on every path, call " +
			name + ".Wait, or go " + name + ".Wait() if it must keep running, or Release if it is detached on purpose",
		Related: related(at, msg),
	})
}

// reportDropped reports a start whose *os.Process is the blank identifier.
func (fn *fun) reportDropped(p *startProcess) {
	fn.unwaitedReport()(analysis.Diagnostic{
		Pos: p.call.Pos(), End: p.call.End(),
		Message: "the child started by " + p.name + " is dropped, so nothing can wait for it: once it exits it stays a zombie until the parent exits (unless the process reaps every child itself); keep the *os.Process and call its Wait, or Release if it is detached on purpose",
	})
}
