package execfd

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
)

// The write end that cmd.StdinPipe returns is the parent's: the child's
// input ends only when the parent closes it. Wait closes it too, but only
// after the child has exited; a child that reads its input to EOF (cat, a
// filter, a shell reading a script) never exits while the parent holds
// the pipe open, and Wait blocks forever. So on every path from the pipe
// to cmd.Wait the parent must close the pipe, or hand it to code that may
// (a goroutine that writes and closes it, a function that takes an
// io.WriteCloser). A deferred Close does not help: it runs after Wait.
// Only a pipe the parent writes to is judged: the parent feeds the child's
// input, so the child reads it; a pipe never written to may be left for a
// child that never reads. A
// command run under a context is killed when the context ends, and Wait
// returns then: not reported.

// checkStdinPipes reports a Wait reached with the command's stdin pipe
// still open.
func (fn *fun) checkStdinPipes() {
	info := fn.info()
	fn.valueErrCalls(func(as *ast.AssignStmt, call *ast.CallExpr) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "StdinPipe" || !isCmd(info.TypeOf(sel.X)) {
			return
		}
		cmdVar, pipe := fn.localVar(sel.X), fn.localVar(as.Lhs[0])
		if cmdVar == nil || pipe == nil || fn.cmds[cmdVar] == nil || fn.cancellable(fn.cmds[cmdVar]) || !fn.writesTo(pipe) {
			return
		}
		if wait := fn.waitWithPipeOpen(as, cmdVar, pipe); wait != nil {
			fn.c.r.Report(analysis.Diagnostic{
				Pos: wait.Pos(), End: wait.End(),
				Message: fmt.Sprintf("%s.Wait is called while the parent still holds %s, the write end of the child's stdin pipe, on some path: a child that reads its input to EOF never sees it and never exits, so Wait blocks forever (Wait closes the pipe only after the child exits); close %s before %s.Wait",
					cmdVar.Name(), pipe.Name(), pipe.Name(), cmdVar.Name()),
			})
		}
	})
}

// writesTo reports whether the function writes to the pipe (its Write
// methods, or a function that takes it as an io.Writer: io.Copy,
// fmt.Fprintf): the parent feeds the child's input, so the child reads
// it. A pipe never written to is left for a child that may not read at
// all.
func (fn *fun) writesTo(pipe *types.Var) bool {
	info := fn.info()
	found := false
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if found || !ok || info.Uses[id] != pipe || len(stack) == 0 {
			return !found
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.SelectorExpr:
			if p.Sel.Name == "Write" || p.Sel.Name == "WriteString" {
				found = true
			}
		case *ast.CallExpr:
			if p.Fun != ast.Expr(id) {
				found = true // io.Copy(in, r), fmt.Fprintln(in, ...), a helper
			}
		}
		return true
	})
	return found
}

// cancellable reports whether the command runs under a context (made by
// exec.CommandContext, or by a creator given a context.Context): when the
// context ends the child is killed, and Wait returns.
func (fn *fun) cancellable(cmd *command) bool {
	if cmd.context {
		return true
	}
	if len(cmd.fields["Cancel"]) > 0 || len(cmd.fields["WaitDelay"]) > 0 {
		return true // cancelled its own way
	}
	// Made by a creator given a context: every assignment of a call
	// with a context.Context argument to the variable.
	found := false
	ast.Inspect(fn.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found || len(as.Rhs) != 1 || len(as.Lhs) != 1 || fn.localVar(as.Lhs[0]) != cmd.v {
			return !found
		}
		if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
			for _, a := range call.Args {
				if t := fn.info().TypeOf(a); t != nil && isNamed(t, "context", "Context") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// waitWithPipeOpen returns a call of cmd.Wait reachable from the node
// from on a path that neither closes the pipe nor hands it on.
func (fn *fun) waitWithPipeOpen(from ast.Node, cmd, pipe *types.Var) *ast.CallExpr {
	info := fn.info()
	var start *cfg.Block
	idx := 0
	for _, b := range fn.cfg.Blocks {
		for i, n := range b.Nodes {
			if n == from {
				start, idx = b, i+1
			}
		}
	}
	if start == nil {
		return nil
	}
	// judge says what a block node does: 1 releases the pipe, 2 waits
	// with it open, 0 neither.
	judge := func(n ast.Node) (int, *ast.CallExpr) {
		if _, ok := n.(*ast.DeferStmt); ok {
			return 0, nil // runs after the Wait
		}
		result, wait := 0, (*ast.CallExpr)(nil)
		ast.PreorderStack(n, nil, func(m ast.Node, stack []ast.Node) bool {
			if result != 0 {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				// A goroutine or a callback that uses the pipe may
				// close it.
				ast.Inspect(m.Body, func(k ast.Node) bool {
					if id, ok := k.(*ast.Ident); ok && info.Uses[id] == pipe {
						result = 1
					}
					return result == 0
				})
				return false
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok && isVar(info, sel.X, cmd) && sel.Sel.Name == "Wait" {
					result, wait = 2, m
					return false
				}
			case *ast.Ident:
				if info.Uses[m] != pipe || len(stack) == 0 {
					return true
				}
				switch p := stack[len(stack)-1].(type) {
				case *ast.SelectorExpr:
					if p.Sel.Name == "Close" {
						result = 1
					}
					// Write, WriteString: used
				case *ast.CallExpr:
					if p.Fun != m && mayClose(info, p, m) {
						result = 1 // handed to code that may close it
					}
				case *ast.AssignStmt:
					if !isLHS(p, m) {
						result = 1 // kept elsewhere
					}
				case *ast.BinaryExpr:
				default:
					result = 1
				}
			}
			return true
		})
		return result, wait
	}
	seen := make(map[*cfg.Block]bool)
	var walk func(b *cfg.Block, i int) *ast.CallExpr
	walk = func(b *cfg.Block, i int) *ast.CallExpr {
		for ; i < len(b.Nodes); i++ {
			switch r, w := judge(b.Nodes[i]); r {
			case 1:
				return nil
			case 2:
				return w
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				if w := walk(s, 0); w != nil {
					return w
				}
			}
		}
		return nil
	}
	return walk(start, idx)
}
