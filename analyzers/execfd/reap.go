package execfd

import (
	"go/ast"
	"go/types"
)

// A tracer (or any code that reaps with the raw system call) waits for its
// child with wait4 on the child's pid, not with cmd.Wait: Wait4(pid, ...)
// on cmd.Process.Pid, directly or through a function of the package that
// passes its parameter as Wait4's pid, reaps the child like cmd.Wait.

// reapsPid reports whether the call passes the pid arg to wait4: it is
// syscall.Wait4 or unix.Wait4 with arg as its pid, or a function of the
// package whose matching parameter is the pid of such a call in its body.
func (c *checker) reapsPid(call *ast.CallExpr, arg ast.Expr) bool {
	info := c.pass.TypesInfo
	if len(call.Args) == 0 {
		return false
	}
	if isWait4(info, call) {
		return ast.Unparen(call.Args[0]) == ast.Unparen(arg)
	}
	fn, recv := c.calleeFunc(call)
	if fn == nil || recv || fn.Pkg() != c.pass.Pkg {
		return false
	}
	i := indexOf(call.Args, arg)
	sig := fn.Type().(*types.Signature)
	if i < 0 || i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
		return false
	}
	decl := c.funcDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	param := sig.Params().At(i)
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if w, ok := n.(*ast.CallExpr); ok && isWait4(info, w) && len(w.Args) > 0 && isVar(info, w.Args[0], param) {
			found = true
		}
		return true
	})
	return found
}

func isWait4(info *types.Info, call *ast.CallExpr) bool {
	return isFunc(info, call, "syscall", "Wait4") || isFunc(info, call, "golang.org/x/sys/unix", "Wait4")
}

// pidOf reports whether e is v.Process.Pid.
func (fn *fun) pidOf(e ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Pid" && fn.isProcessOf(sel.X, v)
}
