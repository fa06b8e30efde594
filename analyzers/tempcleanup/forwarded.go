package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A creation whose results go straight into another call, never named
// (t.Log(os.MkdirTemp("", "x")), fmt.Sprint(os.CreateTemp("", ""))), can
// be removed only by that call. When the callee only uses the object (a
// function of the standard library that neither removes, stores nor
// prints it, a function of the package or, by its fact, of another that
// borrows its parameter), nothing can remove it afterwards: it leaks on
// every path. A callee that removes, keeps or shows it to the user (fmt
// and log printers: left on purpose), or that is not known, has it.

// forwarded reports a creation passed whole to a call that only uses the
// object.
func (c *checker) forwarded(outer *ast.CallExpr, cr *tempfacts.Creation) {
	if cr.Object < 0 || len(outer.Args) != 1 || ast.Unparen(outer.Args[0]) != ast.Expr(cr.Call) {
		return
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, outer).(*types.Func)
	if !ok {
		return // a function value, a conversion: not known
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return // an interface method: any implementation
	}
	i := cr.Object
	if sig.Variadic() && i >= sig.Params().Len()-1 {
		i = sig.Params().Len() - 1
	}
	if c.res.CalleeUse(fn, i) != tempfacts.Borrow {
		return
	}
	c.r.Report(analysis.Diagnostic{
		Pos: cr.Call.Pos(), End: cr.Call.End(),
		Message: fmt.Sprintf("%s from %s is passed straight to %s, which only uses it, and is never removed, so it stays on disk: keep it in a variable and remove it when done",
			what(cr, ""), c.calleeName(cr), types.ExprString(outer.Fun)),
	})
}
