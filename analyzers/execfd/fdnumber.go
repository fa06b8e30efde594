package execfd

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// A descriptor can reach a child by its number: the parent duplicates it
// with Dup (the duplicate has no close-on-exec flag, so every child
// inherits it) and tells the child which number to use in its environment
// or its arguments ("LISTEN_FD=%d"). The child gets its own copy; the
// parent's stays open until the parent closes it. From the start, every
// path must close the number (syscall.Close, unix.Close), wrap it in a
// file that owns it (os.NewFile), or hand it on.

// A numberedFD is a duplicated descriptor whose number goes to a command.
type numberedFD struct {
	v     *types.Var // the int holding the descriptor
	dup   string     // "syscall.Dup"
	cmd   *command
	where string // "environment" or "arguments"
}

// checkNumberedFDs reports duplicated descriptors handed to a child by
// number that the parent keeps after the start.
func (fn *fun) checkNumberedFDs() {
	for _, nf := range fn.numberedFDs() {
		released := make(map[ast.Node]bool)
		ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
			if fn.releasesFD(n, stack, nf.v) {
				released[n] = true
			}
			return true
		})
		for _, start := range nf.cmd.starts {
			path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
			q := &pathflow.Query{
				Info:     fn.info(),
				CFG:      fn.cfg,
				Creation: start,
				Err:      fn.errOf(start, path),
				Table:    fn.c.table,
				Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
					if fn.releasesFD(n, stack, nf.v) {
						return pathflow.Action{Effect: pathflow.Released}
					}
					return pathflow.Action{}
				},
			}
			fn.deferRelease(q, start.Pos(), released)
			leaks := pathflow.Leaks(q)
			if len(leaks) == 0 || fn.isMain() {
				continue
			}
			fn.c.r.Report(analysis.Diagnostic{
				Pos: start.Pos(), End: start.End(),
				Message: fmt.Sprintf("the child gets descriptor %s (from %s) by its number in its %s, but the parent does not close its own copy after the start on every path: it stays open in the parent for as long as it runs; close it (syscall.Close(%s)) once the child has started",
					nf.v.Name(), nf.dup, nf.where, nf.v.Name()),
				Related: related(leaks[0].Node, "returns here with the descriptor still open"),
			})
			break
		}
	}
}

// numberedFDs finds the ints assigned a Dup of a descriptor whose number
// is written into a local command's Env or Args, directly or through one
// local string.
func (fn *fun) numberedFDs() []*numberedFD {
	info := fn.info()
	var out []*numberedFD
	fn.valueErrCalls(func(as *ast.AssignStmt, call *ast.CallExpr) {
		dup := ""
		for _, pkg := range []string{"syscall", "golang.org/x/sys/unix"} {
			if isFunc(info, call, pkg, "Dup") {
				dup = map[string]string{"syscall": "syscall", "golang.org/x/sys/unix": "unix"}[pkg] + ".Dup"
			}
		}
		v := fn.localVar(as.Lhs[0])
		if dup == "" || v == nil || fn.wrapsFD(v) {
			return // not a Dup, or an *os.File owns the number: its Close closes it
		}
		if cmd, where := fn.numberTo(v, 1); cmd != nil {
			out = append(out, &numberedFD{v: v, dup: dup, cmd: cmd, where: where})
		}
	})
	return out
}

// valueErrCalls calls f for each statement "x, err := call(...)" (or =)
// of the function, outside nested function literals.
func (fn *fun) valueErrCalls(f func(as *ast.AssignStmt, call *ast.CallExpr)) {
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && len(as.Lhs) == 2 {
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				f(as, call)
			}
		}
		return true
	})
}

// numberTo returns the local command whose Env or Args are given a value
// computed from v, and which of the two; depth bounds the local strings
// followed in between.
func (fn *fun) numberTo(v *types.Var, depth int) (*command, string) {
	info := fn.info()
	var cmd *command
	var where string
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || cmd != nil || info.Uses[id] != v {
			return cmd == nil
		}
		for i := len(stack) - 1; i >= 0; i-- {
			switch p := stack[i].(type) {
			case *ast.FuncLit, ast.Stmt:
				if as, ok := p.(*ast.AssignStmt); ok {
					for j, l := range as.Lhs {
						if j >= len(as.Rhs) || !contains(as.Rhs[j], id) {
							continue
						}
						if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Env" || sel.Sel.Name == "Args") && isCmd(info.TypeOf(sel.X)) {
							if c := fn.cmds[fn.localVar(sel.X)]; c != nil {
								cmd, where = c, fieldWhere(sel.Sel.Name)
							}
						} else if w := fn.localVar(l); w != nil && depth > 0 && w != v {
							if _, isCmdVar := fn.cmds[w]; !isCmdVar {
								cmd, where = fn.numberTo(w, depth-1)
							}
						}
					}
				}
				return false
			case *ast.CallExpr:
				if (isFunc(info, p, "os/exec", "Command") || isFunc(info, p, "os/exec", "CommandContext")) && i > 0 {
					if as, ok := stack[i-1].(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == p {
						if c := fn.cmds[fn.localVar(as.Lhs[0])]; c != nil {
							cmd, where = c, "arguments"
						}
					}
					return false
				}
			case *ast.KeyValueExpr:
				if key, ok := p.Key.(*ast.Ident); ok && (key.Name == "Env" || key.Name == "Args") && i > 0 {
					if lit, ok := stack[i-1].(*ast.CompositeLit); ok && isCmd(info.TypeOf(lit)) {
						for j := i - 2; j >= 0; j-- {
							if as, ok := stack[j].(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
								if c := fn.cmds[fn.localVar(as.Lhs[0])]; c != nil {
									cmd, where = c, fieldWhere(key.Name)
								}
								break
							}
						}
					}
				}
			}
		}
		return false
	})
	return cmd, where
}

func fieldWhere(field string) string {
	if field == "Env" {
		return "environment"
	}
	return "arguments"
}

// contains reports whether the node n lies inside e.
func contains(e ast.Node, n ast.Node) bool { return e.Pos() <= n.Pos() && n.End() <= e.End() }

// wrapsFD reports whether the function wraps the descriptor in a file
// (os.NewFile(uintptr(fd), name)), which then owns it.
func (fn *fun) wrapsFD(v *types.Var) bool {
	found := false
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found && isFunc(fn.info(), call, "os", "NewFile") && fn.releasesFD(call, nil, v) {
			found = true
		}
		return !found
	})
	return found
}

// releasesFD reports whether the node closes the descriptor v, wraps it in
// a file that owns it, or hands it on.
func (fn *fun) releasesFD(n ast.Node, stack []ast.Node, v *types.Var) bool {
	info := fn.info()
	switch n := n.(type) {
	case *ast.CallExpr:
		for _, pkg := range []string{"syscall", "golang.org/x/sys/unix"} {
			if isFunc(info, n, pkg, "Close") && len(n.Args) == 1 && isVar(info, n.Args[0], v) {
				return true
			}
		}
		if isFunc(info, n, "os", "NewFile") && len(n.Args) >= 1 {
			found := false
			ast.Inspect(n.Args[0], func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
				return !found
			})
			return found
		}
	case *ast.ReturnStmt:
		for _, r := range n.Results {
			if isVar(info, r, v) {
				return true
			}
		}
	}
	return false
}
