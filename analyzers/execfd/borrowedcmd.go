package execfd

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A file the function created and handed to a command it did not make is
// still the function's own: a parameter ("func diff(pager *exec.Cmd)"), or
// a command a function value or an unknown function returned with an
// error ("pager, err := s.pagerCmdFunc()", chezmoi's external diff). Its
// child has its own copy once started, and the parent's copy must be
// closed after the start as for a command the function made: a pager
// that quits early otherwise leaves the writer of the pipe blocked, the
// parent holding a reader nobody reads.
//
// Such a command is followed like one made here but not owned (as "cmd
// := s.newCmd()" already was): its fields and starts, here or through a
// function that starts its argument, give the handoffs of checkFiles;
// whether its child is waited is the caller's business (paramstart.go
// judges only the error returns after a Start of a parameter). Only
// functions that create a file are concerned.

// A function that starts the command it is given and also keeps it, or
// hands it on (chezmoilog.LogCmdStart puts it in the log record it
// writes), takes the duty to wait from the caller, but not the files the
// caller created: the child holds its own copies from that call, as at a
// Start, and the caller's copies are still the caller's to close.

// startedByTaker records the call that hands the command to a function
// that starts it and takes it, outside goroutines and function literals.
func (fn *fun) startedByTaker(cmd *command, call *ast.CallExpr, u paramUse, stack []ast.Node, inLit bool) {
	if u&useStarts == 0 || u&useTakes == 0 || inLit {
		return
	}
	if len(stack) >= 2 {
		if _, inGo := stack[len(stack)-2].(*ast.GoStmt); inGo {
			return
		}
	}
	name := "Start"
	if u&useWaits != 0 {
		name = "Run"
	}
	cmd.takerStarts = append(cmd.takerStarts, call)
	cmd.startNames[call] = name
}

// A method's receiver that holds a command is a command the method did
// not make either: the receiver of a wrapper's method, or of any type that
// embeds an *exec.Cmd or keeps one in its only field of that type ("func
// (r *runner) feed(data []byte) error" that hands a pipe end to r.cmd and
// starts it). Its child holds its own copy of a file the method hands it,
// and the method's copy is the method's to close, as for a parameter.

// collectBorrowedCmds adds the command parameters of the function, the
// receiver of a method that holds a command, and the commands assigned
// with an error from calls that are not creators, as commands the
// function does not own.
func (fn *fun) collectBorrowedCmds() {
	if len(fn.files) == 0 {
		return
	}
	if sig := fn.signature(); sig != nil {
		borrowed := func(p *types.Var) {
			if fn.cmds[p] == nil && !fn.assigned(p) {
				fn.cmds[p] = &command{v: p, fields: make(map[string][]ast.Expr), startNames: make(map[*ast.CallExpr]string)}
			}
		}
		for i := range sig.Params().Len() {
			if p := sig.Params().At(i); fn.c.isCmdLike(p.Type()) {
				borrowed(p)
			}
		}
		if r := sig.Recv(); r != nil && r.Name() != "" && r.Name() != "_" {
			if fn.c.isCmdLike(r.Type()) {
				borrowed(r)
			} else if wrapperCandidate(r.Type()) != nil {
				// Not a wrapper: its held command (r.Cmd, r.cmd) is
				// followed as a wrapper's is (heldCmd).
				borrowed(r)
				fn.holder = r
			}
		}
	}
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		var lhs []ast.Expr
		var rhs ast.Expr
		var stmt ast.Stmt
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 {
				return true
			}
			lhs, rhs, stmt = n.Lhs, n.Rhs[0], n
		case *ast.ValueSpec:
			if len(n.Values) != 1 || len(stack) < 2 {
				return true
			}
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			rhs = n.Values[0]
			stmt, _ = stack[len(stack)-2].(*ast.DeclStmt)
		default:
			return true
		}
		call, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok || len(lhs) < 2 || fn.c.isCmdCreatorCall(call) {
			return true
		}
		for _, l := range lhs {
			// A variable that also holds commands made here keeps the
			// duty to wait for those: it is not made a borrowed one.
			if v := fn.localVar(l); v != nil && fn.c.isCmdLike(v.Type()) && fn.cmds[v] == nil && fn.assignments(v) == 1 {
				fn.define(l, call, stmt)
			}
		}
		return true
	})
}

// assigned reports whether the body assigns the variable.
func (fn *fun) assigned(v *types.Var) bool { return fn.assignments(v) > 0 }

// assignments counts the statements of the body (function literals
// included) that assign or define the variable, and the places its
// address is taken.
func (fn *fun) assignments(v *types.Var) int {
	info := fn.info()
	n := 0
	ast.Inspect(fn.body, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.AssignStmt:
			for _, l := range node.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					n++
				}
			}
		case *ast.ValueSpec:
			for _, name := range node.Names {
				if info.Defs[name] == v {
					n++
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(node.X).(*ast.Ident); ok && node.Op == token.AND && info.Uses[id] == v {
				n++
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{node.Key, node.Value} {
				if id, ok := e.(*ast.Ident); ok && info.ObjectOf(id) == v {
					n++
				}
			}
		}
		return true
	})
	return n
}
