package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A store of the object into a field of a local value that never leaves
// the function is no hand-off: the object is still the function's to
// remove. u-root's pox puts its temp dir into a local command's
// SysProcAttr.Chroot, runs the command and returns: nothing holds the
// directory afterwards, and every return leaks it. The value never leaves
// when each use of its variable is a field selection that is assigned to
// or read in place, a call of a standard-library method that finishes
// with the call (for an *exec.Cmd, Run, Output or CombinedOutput: Start
// hands the value to a child that runs on), or an argument of a standard
// function that does not keep it, or an element of a variadic ...any
// argument (a value formatted for a log line or a message, as
// v("cmd %v", cmd) in pox), or an argument of a function of the module
// whose facts say it only borrows that parameter (an argument list given
// to the package's command runner). Any other use (returned, stored,
// given to other code, captured by a value that escapes) may keep it.
// The same holds for a composite value assigned to a local variable (a
// slice of arguments holding the temp name), and for a list declared
// empty (var args []string, make) or as a literal and grown in its own
// variable (args = append(args, "-o", dir), nerdctl's builder): it is no
// hand-off when it never leaves.

// syncCmdMethods are the methods of exec.Cmd that return only once the
// child has exited, or that start nothing.
var syncCmdMethods = map[string]bool{
	"Run": true, "Output": true, "CombinedOutput": true, "String": true, "Environ": true,
}

// staysLocal reports whether the value of the local variable v never
// leaves the function.
func (t *Tracker) staysLocal(v *types.Var) bool {
	if stays, ok := t.staysLocalMemo[v]; ok {
		return stays
	}
	if t.staysLocalMemo == nil {
		t.staysLocalMemo = make(map[*types.Var]bool)
	}
	stays := t.computeStaysLocal(v)
	t.staysLocalMemo[v] = stays
	return stays
}

func (t *Tracker) computeStaysLocal(v *types.Var) bool {
	if t.body == nil || !t.local(v) || v.Pos() < t.body.Pos() || !t.freshValue(v) {
		return false // a parameter, or a value that may be shared already
	}
	leaves := false
	ast.PreorderStack(t.body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || leaves || len(stack) == 0 {
			return !leaves
		}
		if t.info.Uses[id] == v && !t.usedInPlace(id, stack) {
			leaves = true
		}
		return !leaves
	})
	return !leaves
}

// usedInPlace reports whether the use id of a local variable, under the
// nodes of stack, keeps its value in the function.
func (t *Tracker) usedInPlace(id *ast.Ident, stack []ast.Node) bool {
	switch parent := stack[len(stack)-1].(type) {
	case *ast.SelectorExpr:
		sel, ok := t.info.Selections[parent]
		if !ok || parent.X != ast.Expr(id) {
			return false
		}
		switch sel.Kind() {
		case types.FieldVal:
			return t.fieldInPlace(parent, stack[:len(stack)-1])
		case types.MethodVal:
			call, ok := parentOf(stack[:len(stack)-1]).(*ast.CallExpr)
			fn, _ := sel.Obj().(*types.Func)
			if !ok || call.Fun != ast.Expr(parent) || fn == nil || fn.Pkg() == nil || !isStd(fn.Pkg().Path()) {
				return false
			}
			if key := funcKey(fn); key[0] == "os/exec" && key[1] == "Cmd."+fn.Name() {
				return syncCmdMethods[fn.Name()]
			}
			return !stdStorers[funcKey(fn)]
		}
		return false
	case *ast.CallExpr:
		if selfAppend(t.info, parent, stack[:len(stack)-1]) == t.info.Uses[id] && parent.Args[0] == ast.Expr(id) {
			return true // args = append(args, ...): the list grows in place
		}
		return t.stdBorrower(parent, id) || t.factBorrower(parent, id)
	case *ast.AssignStmt:
		for i, lhs := range parent.Lhs {
			if lhs == ast.Expr(id) && len(parent.Lhs) == len(parent.Rhs) {
				call, ok := ast.Unparen(parent.Rhs[i]).(*ast.CallExpr)
				return ok && selfAppend(t.info, call, stack) == t.info.Uses[id]
			}
		}
	}
	return false // assigned another value (which may be shared), returned, stored
}

// selfAppend returns the variable v of "v = append(v, ...)" when call is
// that append and stack ends in its assignment; nil otherwise. Such an
// append keeps the list in its variable: it grows the variable's own
// value, which goes nowhere else.
func selfAppend(info *types.Info, call *ast.CallExpr, stack []ast.Node) *types.Var {
	as, ok := parentOf(stack).(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(call) || len(call.Args) == 0 || call.Ellipsis.IsValid() && len(call.Args) != 2 {
		return nil
	}
	if !isBuiltinCall(info, call, "append") {
		return nil
	}
	lhs, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	first, ok2 := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok || !ok2 {
		return nil
	}
	v, _ := info.Uses[lhs].(*types.Var)
	if v == nil || info.Uses[first] != types.Object(v) {
		return nil
	}
	return v
}

// isBuiltinCall reports whether e is a call of the builtin function
// name.
func isBuiltinCall(info *types.Info, e ast.Expr, name string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	b, ok := info.Uses[calleeIdent(call)].(*types.Builtin)
	return ok && b.Name() == name
}

// factBorrower reports whether arg is an argument of a function of the
// module (not a function value, not an interface method) that only
// borrows that parameter, by its facts: lima's runCmd(ctx, scp, flags,
// args...) runs a command with the arguments and keeps none.
func (t *Tracker) factBorrower(call *ast.CallExpr, arg ast.Expr) bool {
	fn, ok := typeutil.Callee(t.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || isStd(fn.Pkg().Path()) {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return false
	}
	for i, a := range call.Args {
		if a == arg {
			return t.res.CalleeUse(fn, paramIndex(sig, i)) == Borrow
		}
	}
	return false
}

// freshValue reports whether the local variable v holds a value of its
// own: a struct (a copy), or a pointer from a composite literal, new, or a
// standard-library constructor (exec.Command), assigned where v is
// declared (freshExpr, owners.go).
func (t *Tracker) freshValue(v *types.Var) bool {
	if _, ok := v.Type().Underlying().(*types.Struct); ok {
		return true
	}
	fresh := false
	ast.Inspect(t.body, func(n ast.Node) bool {
		var lhs []ast.Expr
		var rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, name := range n.Names {
				lhs = append(lhs, name)
			}
			rhs = n.Values
		default:
			return true
		}
		if len(rhs) == 0 {
			// var args []string: the zero value is the variable's own.
			for _, l := range lhs {
				if id, ok := l.(*ast.Ident); ok && t.info.Defs[id] == v {
					fresh = true
				}
			}
			return true
		}
		if len(lhs) != len(rhs) {
			return true
		}
		for i, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && t.info.Defs[id] == v {
				fresh = t.freshExpr(rhs[i]) || isBuiltinCall(t.info, rhs[i], "make") // a slice or map of its own
			}
		}
		return true
	})
	return fresh
}

// fieldInPlace reports whether a field selection of a local value, under
// the nodes of stack, is assigned to or read without its value being kept
// elsewhere: the left side of an assignment, the base of a further
// selection or index, an operand, or an argument of a standard function
// that does not keep it.
func (t *Tracker) fieldInPlace(sel *ast.SelectorExpr, stack []ast.Node) bool {
	switch parent := parentOf(stack).(type) {
	case *ast.AssignStmt:
		for _, lhs := range parent.Lhs {
			if lhs == ast.Expr(sel) {
				return true
			}
		}
		return false
	case *ast.SelectorExpr, *ast.IndexExpr, *ast.BinaryExpr, *ast.UnaryExpr, *ast.StarExpr:
		return true
	case *ast.CallExpr:
		return t.stdBorrower(parent, sel)
	case *ast.IfStmt, *ast.SwitchStmt, *ast.ExprStmt:
		return true
	}
	return false
}

// stdBorrower reports whether arg is an argument (not the callee) of a
// standard-library function that does not keep it, or an element of a
// variadic ...any argument of any function.
func (t *Tracker) stdBorrower(call *ast.CallExpr, arg ast.Expr) bool {
	if call.Fun == arg {
		return false
	}
	if sig, ok := t.info.TypeOf(call.Fun).Underlying().(*types.Signature); ok && sig.Variadic() && !call.Ellipsis.IsValid() {
		for i, a := range call.Args {
			if a == arg && i >= sig.Params().Len()-1 && takesAny(sig, i) {
				return true
			}
		}
	}
	fn, _ := t.info.Uses[calleeIdent(call)].(*types.Func)
	return fn != nil && fn.Pkg() != nil && isStd(fn.Pkg().Path()) && !stdStorers[funcKey(fn)]
}

// calleeIdent returns the identifier naming a call's callee: f in f(x),
// Sel in pkg.Sel(x) and v.Sel(x); nil otherwise.
func calleeIdent(call *ast.CallExpr) *ast.Ident {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return fun
	case *ast.SelectorExpr:
		return fun.Sel
	}
	return nil
}

// parentOf returns the last node of stack, or nil.
func parentOf(stack []ast.Node) ast.Node {
	if len(stack) == 0 {
		return nil
	}
	return stack[len(stack)-1]
}
