package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A child is also followed through another local *exec.Cmd variable that
// is assigned the command: "current = cmd", then "current.Process.Kill()"
// on the next round of a loop, as through its Process (procalias.go). The
// variable is the command: its Wait (or its Process's Wait or Release) is
// the command's, a Kill or Signal of its Process does not reap, and any
// other use of it hands the child on. It is one only when every
// assignment to it in the function is of that command or nil: otherwise a
// Wait through it may be another child's.

// cmdAlias returns the local *exec.Cmd variable that the statement parent
// assigns the use id of the command to, or nil.
func (fn *fun) cmdAlias(cmd *command, id *ast.Ident, parent ast.Node) *types.Var {
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(id) {
		return nil
	}
	a := fn.localVar(as.Lhs[0])
	if a == nil || a == cmd.v || !isCmd(a.Type()) || !fn.onlyAssigned(a, cmd.v) {
		return nil
	}
	return a
}

// onlyAssigned reports whether every assignment to the local variable a in
// the function is of the variable v, or nil, and a's address is not taken.
func (fn *fun) onlyAssigned(a, v *types.Var) bool {
	info := fn.info()
	ok := true
	ast.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !isVar(info, l, a) && !(info.Defs[identOf(l)] == a) {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					ok = false
					continue
				}
				r := n.Rhs[i]
				if !isVar(info, r, v) && !pkgtypes.IsNil(info, r) {
					ok = false
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == a && i < len(n.Values) && !isVar(info, n.Values[i], v) && !pkgtypes.IsNil(info, n.Values[i]) {
					ok = false
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && isVar(info, n.X, a) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// isCmdAliasOf reports whether e is a local variable assigned the command
// v (cmdAlias).
func (fn *fun) isCmdAliasOf(e ast.Expr, v *types.Var) bool {
	return fn.isListedAlias(e, v, func(cmd *command) []*types.Var { return cmd.cmdAliases }) // procalias.go
}

// collectCmdAliasUses records what the function does with the variables
// that hold a command: see the comment at the top.
func (fn *fun) collectCmdAliasUses() {
	owner := fn.aliasOwners(func(cmd *command) []*types.Var { return cmd.cmdAliases }) // procalias.go
	if len(owner) == 0 {
		return
	}
	info := fn.info()
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		a, _ := info.Uses[id].(*types.Var)
		cmd := owner[a]
		if cmd == nil || len(stack) == 0 {
			return true
		}
		at := func(k int) ast.Node {
			if len(stack) >= k {
				return stack[len(stack)-k]
			}
			return nil
		}
		switch p := at(1).(type) {
		case *ast.AssignStmt:
			if isLHS(p, id) {
				return true // current = cmd
			}
		case *ast.BinaryExpr:
			if p.Op == token.EQL || p.Op == token.NEQ {
				return true // current != nil
			}
		case *ast.SelectorExpr:
			if call, ok := at(2).(*ast.CallExpr); ok && call.Fun == p && p.Sel.Name == "Wait" {
				cmd.waited = true
				return true
			}
			if p.Sel.Name != "Process" {
				break
			}
			if bin, ok := at(2).(*ast.BinaryExpr); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
				return true // current.Process != nil
			}
			psel, ok := at(2).(*ast.SelectorExpr)
			if !ok {
				break
			}
			if psel.Sel.Name == "Pid" {
				return true
			}
			if call, ok := at(3).(*ast.CallExpr); ok && call.Fun == psel {
				switch psel.Sel.Name {
				case "Wait", "Release", "Kill", "Signal":
					cmd.processCall(psel.Sel.Name)
					return true
				}
			}
		}
		cmd.escapes, cmd.handed, cmd.escapesElsewhere = true, true, true
		return true
	})
}
