package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/errpred"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// ownerConstructor returns what the callee of call, a function of the
// package, returns as an owner of a temp object it created, or nil.
func (c *checker) ownerConstructor(call *ast.CallExpr) (*types.Func, *tempfacts.OwnerResult) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg {
		return nil, nil
	}
	return fn, c.res.ReturnsOwner(fn)
}

// constructedOwner follows the owner a constructor of the package
// returned ("h, err := newHandler(out)", the temp directory in
// h.tempdir): the caller holds the only owner, and a return that drops
// it without removing the field, returning, storing or passing on the
// owner leaves the object on disk. As for an object created here, one
// the constructor made in a directory someone else manages (a parameter
// it was given, a configuration value) is the caller's concern only when
// the caller removes it on some path: then it must remove it on every
// path.
func (c *checker) constructedOwner(fn ast.Node, g *cfg.CFG, call *ast.CallExpr, callee *types.Func, o *tempfacts.OwnerResult, stack []ast.Node) {
	lhs, rhs := pathflow.AssignSides(stack[len(stack)-1])
	if len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(call) || o.Result >= len(lhs) {
		return
	}
	id, ok := lhs[o.Result].(*ast.Ident)
	if !ok {
		return // stored into a field or element: handed off
	}
	holder := c.res.Var(id)
	if holder == nil {
		return
	}
	if !c.res.FieldKept(o.Field) {
		// No code of the package removes what the field holds: the
		// store in the constructor is the finding (a field no method
		// removes), not every caller's return.
		return
	}
	t := c.res.TrackOwner(fn, o.Kind, holder, o.Field)
	if !t.Local(holder) {
		return // a global or a variable of an enclosing function: handed off
	}
	otherDir := o.OtherDir
	if o.DirParam >= 0 && o.DirParam < len(call.Args) {
		otherDir = c.res.OtherDir(call.Args[o.DirParam])
	}
	if otherDir && !t.AttemptsRemoval() {
		return // the directory's owner cleans up, as for any object there
	}
	var errVar *types.Var
	if n := len(lhs); n > 1 {
		if e, ok := lhs[n-1].(*ast.Ident); ok && isErrorType(c.pass.TypesInfo.TypeOf(call).(*types.Tuple).At(n-1).Type()) {
			errVar = c.res.Var(e)
		}
	}
	leaks := pathflow.Leaks(&pathflow.Query{
		Info: c.pass.TypesInfo, CFG: g, Creation: stack[len(stack)-1], Err: errVar, Obj: holder,
		ErrPredicate: c.pass.ResultOf[errpred.Analyzer].(*errpred.Result).Arg,
		Release:      t.Release, Registers: c.res.Registers, Exit: c.res.Exits().Kind, ExitOnError: c.res.ExitOnError,
		Table: c.res.Table, Results: c.results(fn),
	})
	held := fmt.Sprintf("%s.%s", holder.Name(), o.Field.Name())
	fix := fmt.Sprintf("os.RemoveAll(%s) before returning", held)
	if o.Kind == tempfacts.File {
		fix = fmt.Sprintf("os.Remove(%s.Name()) before returning", held)
	}
	if named := ownerType(holder.Type()); named != nil {
		if m := c.res.ReleaseMethod(named, o.Field); m != "" {
			fix = fmt.Sprintf("call %s.%s() before returning", holder.Name(), m)
		}
	}
	if as, ok := stack[len(stack)-1].(*ast.AssignStmt); ok && as.Tok != token.DEFINE {
		if _, ptr := holder.Type().Underlying().(*types.Pointer); ptr {
			// Assigned, not declared, here: the return may be reached
			// on a path that never made the owner (a loop that makes
			// it on its first message), where it is still nil.
			fix = fmt.Sprintf("if %s != nil, %s", holder.Name(), fix)
		}
	}
	for _, l := range leaks {
		if l.Kind != pathflow.Return {
			continue // t.Fatal, os.Exit, panics: the owner's story is the return
		}
		c.r.Report(analysis.Diagnostic{
			Pos: l.Node.Pos(), End: l.Node.End(),
			Message: fmt.Sprintf("%s from %s is held by %s, which this return drops without removing it, so it stays on disk: %s",
				what(&tempfacts.Creation{Kind: o.Kind}, ""), callee.Name(), held, fix),
			Related: []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "the owner made here"}},
		})
	}
	c.partialRelease(fn, holder, o.Field, o.Kind, callee.Name()) // partialrelease.go
}
