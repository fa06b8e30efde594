package execfd

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/passes/lazyssa"
)

// A method value of a command, "start := cmd.Start" or "wait := cmd.Wait",
// is the command's method when it is only called: "start()" starts the
// child, "wait()" (also deferred, or in a goroutine) waits for it. In the
// SSA form the method value is a closure of the bound method whose
// binding is the command; the calls of it are those whose callee is that
// closure, directly or through the local variables that hold it (also
// captured by a function literal). Where it goes anywhere else (given to
// errgroup's Go, stored, returned), nothing is known of when it runs and
// the command is handed on, as before.

// A boundCall is one call of a command's method value.
type boundCall struct {
	lparen token.Pos // of the call expression
	inGo   bool      // go start()
}

// boundUse is what the function does with one method value.
type boundUse struct {
	calls   []boundCall
	escapes bool // used other than by calling it
}

// boundUses returns the uses of the command method values of the package,
// by the position of the method's name in the selector "cmd.Start".
func (c *checker) boundUses() map[token.Pos]*boundUse {
	if c.bound != nil {
		return c.bound
	}
	c.bound = make(map[token.Pos]*boundUse)
	prog := c.pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
	for _, f := range prog.Functions() {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				mc, ok := instr.(*ssa.MakeClosure)
				if !ok {
					continue
				}
				bound, ok := mc.Fn.(*ssa.Function)
				if !ok || !strings.HasPrefix(bound.Synthetic, "bound method wrapper") {
					continue
				}
				m, ok := bound.Object().(*types.Func)
				if !ok || !c.isCmdLike(m.Signature().Recv().Type()) {
					continue
				}
				u := new(boundUse)
				followBound(mc, u, make(map[ssa.Value]bool))
				c.bound[mc.Pos()] = u
			}
		}
	}
	return c.bound
}

// followBound records the calls of the function value v and whether it is
// used otherwise.
func followBound(v ssa.Value, u *boundUse, seen map[ssa.Value]bool) {
	if seen[v] {
		return
	}
	seen[v] = true
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case ssa.CallInstruction:
			common := r.Common()
			if common.Value != v || common.IsInvoke() || isArg(common, v) {
				u.escapes = true
				continue
			}
			_, inGo := r.(*ssa.Go)
			u.calls = append(u.calls, boundCall{lparen: common.Pos(), inGo: inGo})
		case *ssa.Store:
			if r.Val != v {
				continue
			}
			if !followBoundAddr(r.Addr, v, u, seen) {
				u.escapes = true
			}
		case *ssa.DebugRef:
		default:
			u.escapes = true
		}
	}
}

// followBoundAddr follows the local variable addr that holds the function
// value v: the calls of what is loaded from it. It reports false when the
// variable is not a local one, or holds other values too.
func followBoundAddr(addr, v ssa.Value, u *boundUse, seen map[ssa.Value]bool) bool {
	switch addr.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
	default:
		return false
	}
	if seen[addr] {
		return true
	}
	seen[addr] = true
	for _, r := range *addr.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != addr || r.Val != v {
				return false // another function value, or the address stored
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
			followBound(r, u, seen)
		case *ssa.MakeClosure:
			// Captured by a function literal: its free variable is the
			// same variable.
			lit, ok := r.Fn.(*ssa.Function)
			if !ok {
				return false
			}
			for i, b := range r.Bindings {
				if b == addr && i < len(lit.FreeVars) && !followBoundAddr(lit.FreeVars[i], v, u, seen) {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// isArg reports whether v is among the call's arguments.
func isArg(common *ssa.CallCommon, v ssa.Value) bool {
	for _, a := range common.Args {
		if a == v {
			return true
		}
	}
	return false
}

// boundCalls returns the calls of the method value sel ("cmd.Start", not
// called) in the function's body, and whether it is only called.
func (fn *fun) boundCalls(sel *ast.SelectorExpr) ([]*ast.CallExpr, []boundCall, bool) {
	u := fn.c.boundUses()[sel.Sel.Pos()]
	if u == nil || u.escapes || len(u.calls) == 0 {
		return nil, nil, false
	}
	byLparen := fn.callsByLparen()
	var calls []*ast.CallExpr
	for _, bc := range u.calls {
		call := byLparen[bc.lparen]
		if call == nil {
			return nil, nil, false // called from elsewhere
		}
		calls = append(calls, call)
	}
	return calls, u.calls, true
}

// callsByLparen indexes the call expressions of the function's body by
// the position of their opening parenthesis, as SSA positions a call.
func (fn *fun) callsByLparen() map[token.Pos]*ast.CallExpr {
	if fn.lparens == nil {
		fn.lparens = make(map[token.Pos]*ast.CallExpr)
		ast.Inspect(fn.body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				fn.lparens[call.Lparen] = call
			}
			return true
		})
	}
	return fn.lparens
}

// boundMethod returns the command method value that the call calls, as in
// "wait()" after "wait := cmd.Wait", and the selector that made it.
func (fn *fun) boundMethod(call *ast.CallExpr) *ast.SelectorExpr {
	if fn.bound == nil {
		return nil
	}
	return fn.bound[call]
}

// boundValue records the calls of the method value sel of the command, as
// the calls of the method name, when they are all it is used for.
func (fn *fun) boundValue(cmd *command, sel *ast.SelectorExpr, name string) bool {
	calls, sites, ok := fn.boundCalls(sel)
	if !ok {
		return false
	}
	if fn.bound == nil {
		fn.bound = make(map[*ast.CallExpr]*ast.SelectorExpr)
	}
	for i, call := range calls {
		fn.bound[call] = sel
		inLit := fn.inLit(call)
		switch name {
		case "Start", "Run", "Output", "CombinedOutput", "Wait":
			cmd.noteRun(name, call, sites[i].inGo, inLit) // execfd.go
		}
	}
	return true
}

// inLit reports whether the node is inside a function literal of the
// function's body.
func (fn *fun) inLit(n ast.Node) bool {
	found := false
	ast.Inspect(fn.body, func(m ast.Node) bool {
		if found || m == nil || m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		if _, ok := m.(*ast.FuncLit); ok {
			found = true
		}
		return !found
	})
	return found
}

// boundStart reports whether the call is start() after "start :=
// cmd.Start": its only result is Start's error.
func (fn *fun) boundStart(call *ast.CallExpr) bool {
	sel := fn.boundMethod(call)
	return sel != nil && sel.Sel.Name == "Start" && len(call.Args) == 0
}
