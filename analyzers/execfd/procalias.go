package execfd

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A child is often followed through its *os.Process held in a local
// variable: "current = cmd.Process", then "current.Kill()" on the next
// round of a loop. The variable is the child: its Wait or Release is the
// command's, its Kill or Signal does not reap, and handing the variable on
// hands the child on.

// processAlias returns the local *os.Process variable that the statement
// grand assigns the selector sel (cmd.Process) to, or nil.
func (fn *fun) processAlias(sel *ast.SelectorExpr, grand ast.Node) *types.Var {
	as, ok := grand.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(sel) {
		return nil
	}
	v := fn.localVar(as.Lhs[0])
	if v == nil || !isNamed(v.Type(), "os", "Process") {
		return nil
	}
	return v
}

// isAliasOf reports whether e is a local variable holding the Process of
// the command v.
func (fn *fun) isAliasOf(e ast.Expr, v *types.Var) bool {
	return fn.isListedAlias(e, v, func(cmd *command) []*types.Var { return cmd.procAliases })
}

// isListedAlias reports whether e is a local variable among the aliases
// that list gives of the command v.
func (fn *fun) isListedAlias(e ast.Expr, v *types.Var, list func(*command) []*types.Var) bool {
	cmd := fn.cmds[v]
	if cmd == nil {
		return false
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	a, _ := fn.info().Uses[id].(*types.Var)
	return a != nil && slices.Contains(list(cmd), a)
}

// aliasOwners maps each alias that list gives of a command of the
// function to that command.
func (fn *fun) aliasOwners(list func(*command) []*types.Var) map[*types.Var]*command {
	owner := make(map[*types.Var]*command)
	for _, cmd := range fn.cmds {
		for _, a := range list(cmd) {
			owner[a] = cmd
		}
	}
	return owner
}

// collectAliasUses records what the function does with the variables
// holding a command's Process: a Wait or Release waits for the command, a
// Kill or Signal only kills it, and any other use but a nil test hands the
// child on.
func (fn *fun) collectAliasUses() {
	owner := fn.aliasOwners(func(cmd *command) []*types.Var { return cmd.procAliases })
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
		switch p := stack[len(stack)-1].(type) {
		case *ast.AssignStmt:
			if isLHS(p, id) {
				return true // current = cmd.Process
			}
		case *ast.BinaryExpr:
			if p.Op == token.EQL || p.Op == token.NEQ {
				return true // current != nil
			}
		case *ast.SelectorExpr:
			if len(stack) >= 2 {
				if call, ok := stack[len(stack)-2].(*ast.CallExpr); ok && call.Fun == p {
					switch p.Sel.Name {
					case "Wait":
						cmd.waited = true
						return true
					case "Release":
						cmd.released = true
						return true
					case "Kill", "Signal":
						cmd.kills = true
						return true
					}
				}
			}
			if p.Sel.Name == "Pid" {
				return true
			}
		}
		cmd.escapes, cmd.handed, cmd.escapesElsewhere = true, true, true
		return true
	})
}

// aliasAssigned returns, for pathflow.Query.HeldBy, the variable that a
// node assigns the command's Process to: after a successful Start it is
// not nil.
func (fn *fun) aliasAssigned(cmd *command) func(ast.Node) *types.Var {
	if len(cmd.procAliases) == 0 && len(cmd.cmdAliases) == 0 {
		return nil
	}
	return func(n ast.Node) *types.Var {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 1 {
			return nil
		}
		if isVar(fn.info(), as.Rhs[0], cmd.v) {
			if v := fn.localVar(as.Lhs[0]); slices.Contains(cmd.cmdAliases, v) {
				return v // current = cmd (cmdalias.go)
			}
			return nil
		}
		if !fn.isProcessOf(as.Rhs[0], cmd.v) {
			return nil
		}
		if v := fn.processAlias(ast.Unparen(as.Rhs[0]).(*ast.SelectorExpr), as); slices.Contains(cmd.procAliases, v) {
			return v
		}
		return nil
	}
}
