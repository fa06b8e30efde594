package execfd

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// A child killed by a deferred Kill registered on every path from its
// successful Start, before anything can end the function ("defer
// cmd.Process.Kill()" right after the Start's error check, or a deferred
// closure that kills it), does not outlive the function: it cannot hold
// the parent's standard files after the parent exits (delve's test
// fixtures, proc_test.go:2622). Kill does not reap it: a killed child
// that is never waited is still a zombie until the parent exits, which
// the unwaited-child rule says (strict-only in test code, testkill.go).
// A path that ends the process (os.Exit, log.Fatal) skips deferred calls,
// and a path that returns, panics or stops the goroutine before the
// defer is registered does not kill the child: on such a path the child
// may outlive the parent, and the finding stays.

// killedOnEveryExit reports whether every exit of the function after the
// successful start runs a Kill of the command's process: one deferred on
// the way (in the defer statement's call, or in the body of the function
// literal it defers), or one called in the function's own body. A Kill in
// another function literal (a goroutine's timer, a stored callback) may
// run after the function is gone, or never.
func (fn *fun) killedOnEveryExit(cmd *command, start *ast.CallExpr) bool {
	if !cmd.kills {
		return false
	}
	kills := fn.ownKills(cmd)
	if len(kills) == 0 {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
	q := &pathflow.Query{
		Info:         fn.info(),
		CFG:          fn.cfg,
		Creation:     start,
		Err:          fn.errOf(start, path),
		ErrResult:    isStartCall(start) || fn.boundStart(start),
		ErrPredicate: fn.c.pred.Arg, Table: fn.c.table,
		Exit: pathflow.NewExits(fn.info(), fn.c.pass.Files).Kind,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			if kills[n] {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return pathflow.Action{}
		},
	}
	return len(pathflow.Leaks(q)) == 0
}

// ownKills returns the Kills of the command's process that run in the
// function's own frame: in its body outside function literals, in the
// call of a defer statement, or in the body of a function literal that a
// defer statement calls.
func (fn *fun) ownKills(cmd *command) map[ast.Node]bool {
	kills := make(map[ast.Node]bool)
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && !deferredLit(lit, stack) {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && fn.killsCmd(call, cmd) {
			kills[call] = true
		}
		return true
	})
	return kills
}

// deferredLit reports whether the function literal below stack is the
// function of a defer statement's call, outside other literals.
func deferredLit(lit *ast.FuncLit, stack []ast.Node) bool {
	if len(stack) < 2 {
		return false
	}
	call, ok := stack[len(stack)-1].(*ast.CallExpr)
	if !ok || call.Fun != ast.Expr(lit) {
		return false
	}
	d, ok := stack[len(stack)-2].(*ast.DeferStmt)
	return ok && d.Call == call
}

// killsCmd reports whether the call is Kill on the command's process
// (cmd.Process.Kill(), or through a variable holding cmd.Process).
func (fn *fun) killsCmd(call *ast.CallExpr, cmd *command) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Kill" && len(call.Args) == 0 &&
		(fn.isProcessOf(sel.X, cmd.v) || fn.isAliasOf(sel.X, cmd.v))
}

// killedHint is the hint of the unwaited-child rule for a child killed on
// every exit: wait for it where it is killed.
func killedHint(name string) string {
	return fmt.Sprintf("call %[1]s.Wait right after the Kill that ends it (defer func() { %[1]s.Process.Kill(); %[1]s.Wait() }())", name)
}
