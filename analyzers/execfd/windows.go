package execfd

import (
	"go/ast"
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"
)

// Windows has no zombies: a process's exit status lives in its handle,
// which the runtime closes with the *os.Process. A start that runs only on
// Windows ("if runtime.GOOS == "windows" { ... }", a case "windows" of a
// switch on runtime.GOOS) leaves nothing to reap.

// windowsOnly reports whether the node runs only when runtime.GOOS is
// "windows".
func (fn *fun) windowsOnly(n ast.Node) bool {
	path, _ := astutil.PathEnclosingInterval(fn.file, n.Pos(), n.End())
	for i := 1; i < len(path); i++ {
		child := path[i-1]
		switch p := path[i].(type) {
		case *ast.IfStmt:
			if eq, ok := fn.goosTest(p.Cond); ok {
				if eq && child == p.Body || !eq && child == p.Else {
					return true
				}
			}
		case *ast.CaseClause:
			if i+2 < len(path) {
				if sw, ok := path[i+2].(*ast.SwitchStmt); ok && fn.isGOOS(sw.Tag) && len(p.List) > 0 {
					all := true
					for _, e := range p.List {
						all = all && fn.isWindows(e)
					}
					if all {
						return true
					}
				}
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// goosTest reports whether cond is runtime.GOOS == "windows" (eq true) or
// runtime.GOOS != "windows" (eq false).
func (fn *fun) goosTest(cond ast.Expr) (eq, ok bool) {
	bin, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin || bin.Op != token.EQL && bin.Op != token.NEQ {
		return false, false
	}
	x, y := bin.X, bin.Y
	if fn.isGOOS(y) {
		x, y = y, x
	}
	if !fn.isGOOS(x) || !fn.isWindows(y) {
		return false, false
	}
	return bin.Op == token.EQL, true
}

// isGOOS reports whether e is runtime.GOOS.
func (fn *fun) isGOOS(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "GOOS" {
		return false
	}
	obj := fn.info().Uses[sel.Sel]
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "runtime"
}

// isWindows reports whether e is the constant "windows".
func (fn *fun) isWindows(e ast.Expr) bool {
	tv, ok := fn.info().Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "windows"
}
