package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/errpred"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A temp object a method stores straight into a field of its receiver
// ("c.cfg.socketDir, err = os.MkdirTemp(...)") is the field's to remove —
// but when every method that removes the field does so only once another
// field of the receiver is set (go-plugin's Kill returns at once while
// c.runner is nil, tempfacts.ReleaseGate), the field owns it only from the
// store of that other field on. A method that sets that field itself,
// later, and returns before it on some path, leaves the object where no
// method will remove it (audit31 S5: the returns after a failed
// setGroupWritable or RunnerFunc). Those returns are reported; the hint is
// to remove the object there.

// gatedFieldLeaks reports the returns of fn, a method, that leave a
// temp object assigned into a field of its receiver before the gate of
// the field's removers is set.
func (c *checker) gatedFieldLeaks(fn ast.Node, g *cfg.CFG, stmt ast.Node, cr *tempfacts.Creation, lhs []ast.Expr) {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok || decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 || g == nil {
		return
	}
	recv, _ := c.pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
	field, _ := c.res.FieldSelected(lhs[cr.Object])
	if recv == nil || field == nil || receiverRoot(c.pass.TypesInfo, lhs[cr.Object]) != recv {
		return
	}
	gate := c.res.ReleaseGate(field)
	if gate == nil {
		return
	}
	releasers := c.res.FieldReleasers(field)
	setsGate := func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, l := range as.Lhs {
			if f, _ := c.res.FieldSelected(l); f == gate && receiverRoot(c.pass.TypesInfo, l) == recv && !isNilExpr(c.pass.TypesInfo, as.Rhs[i]) {
				return true
			}
		}
		return false
	}
	sets := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		sets = sets || setsGate(n)
		return !sets
	})
	if !sets {
		return // set elsewhere, maybe before: the store may be owned
	}
	var errVar *types.Var
	if sig, ok := cr.Callee.Type().(*types.Signature); ok && sig.Results().Len() == len(lhs) && len(lhs) > 1 {
		if id, ok := ast.Unparen(lhs[len(lhs)-1]).(*ast.Ident); ok && isErrorType(sig.Results().At(len(lhs)-1).Type()) {
			errVar = c.res.Var(id)
		}
	}
	t := c.res.TrackField(decl, field)
	release := func(n ast.Node, stack []ast.Node) pathflow.Action {
		if setsGate(n) {
			return pathflow.Action{Effect: pathflow.Released} // the field owns it now
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if callee, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok && releasers[callee.Origin()] {
				return pathflow.Action{Effect: pathflow.Released}
			}
		}
		if t != nil {
			switch reason, _ := t.Classify(n, stack); reason {
			case tempfacts.Removed, tempfacts.Registered:
				return pathflow.Action{Effect: pathflow.Released}
			}
		}
		return pathflow.Action{}
	}
	leaks := pathflow.Leaks(&pathflow.Query{
		Info: c.pass.TypesInfo, CFG: g, Creation: stmt, Err: errVar,
		ErrPredicate: c.pass.ResultOf[errpred.Analyzer].(*errpred.Result).Arg,
		Release:      release, Registers: c.res.Registers, Exit: c.res.Exits().Kind, ExitOnError: c.res.ExitOnError,
		Table: c.res.Table, Results: c.results(fn),
	})
	var rets []pathflow.Leak
	for _, l := range leaks {
		if l.Kind == pathflow.Return {
			rets = append(rets, l)
		}
	}
	if len(rets) == 0 {
		return
	}
	held := types.ExprString(lhs[cr.Object])
	gateName := recv.Name() + "." + gate.Name()
	remover := "the method that removes it"
	if named := ownerType(recv.Type()); named != nil {
		if m := c.res.ReleaseMethod(named, field); m != "" {
			remover = m
		}
	}
	removal := "os.Remove(" + held + ")"
	if cr.Kind == tempfacts.Dir {
		removal = "os.RemoveAll(" + held + ")"
	}
	var related []analysis.RelatedInformation
	for _, l := range rets {
		related = append(related, analysis.RelatedInformation{Pos: l.Node.Pos(), End: l.Node.End(), Message: "returns here before " + gateName + " is set"})
	}
	c.r.Report(analysis.Diagnostic{
		Pos: cr.Call.Pos(), End: cr.Call.End(),
		Message: fmt.Sprintf("%s from %s is stored in %s, which %s removes only when %s is set, and %s before that, so it stays on disk: call %s there",
			what(cr, ""), c.calleeName(cr), held, remover, gateName, countReturns(len(rets)), removal),
		Related: related,
	})
}

// countReturns names the leaking returns: "this method returns", "2
// returns of this method come".
func countReturns(n int) string {
	if n == 1 {
		return "a return of this method comes"
	}
	return fmt.Sprintf("%d returns of this method come", n)
}

// receiverRoot returns the variable at the root of a chain of field
// selections (c in c.cfg.socketDir), or nil.
func receiverRoot(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		default:
			return nil
		}
	}
}

func isNilExpr(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.Uses[id].(*types.Nil)
	return isNil
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
