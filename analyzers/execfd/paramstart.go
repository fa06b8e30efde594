package execfd

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// A function given a command to start owns the child it starts until it
// hands it back. Returning nil tells the caller the child runs (the caller
// waits for it); returning an error after a successful Start tells the
// caller it failed, and the caller has no reason to wait for a child it
// thinks was never started:
//
//	func run(cmd *exec.Cmd) error {
//		if err := cmd.Start(); err != nil {
//			return err
//		}
//		if err := setup(cmd.Process.Pid); err != nil {
//			return err // the child is never waited
//		}
//		return cmd.Wait()
//	}

// A paramStart is cmd.Start() on a parameter of the function.
type paramStart struct {
	v     *types.Var
	start *ast.CallExpr
}

// collectParamStarts finds the Starts of the function's *exec.Cmd (or
// wrapper, wrapper.go) parameters outside function literals and go
// statements.
func (fn *fun) collectParamStarts() {
	sig := fn.signature()
	if sig == nil || sig.Results().Len() == 0 || !isErrorType(sig.Results().At(sig.Results().Len()-1).Type()) {
		return
	}
	params := make(map[*types.Var]bool)
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); fn.c.isCmdLike(p.Type()) {
			params[p] = true
		}
	}
	if len(params) == 0 {
		return
	}
	info := fn.info()
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if inLit {
			return false
		}
		if _, ok := n.(*ast.GoStmt); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Start" {
			return true
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && params[v] {
				fn.paramStarts = append(fn.paramStarts, paramStart{v: v, start: call})
			}
		}
		return true
	})
}

// checkParamStarts reports a Start of a parameter followed, on some path,
// by a return of an error with the child neither waited nor handed on.
func (fn *fun) checkParamStarts() {
	if fn.c.reaps() {
		return // a reaper waits for every child
	}
	sig := fn.signature()
	for _, ps := range fn.paramStarts {
		path, _ := astutil.PathEnclosingInterval(fn.file, ps.start.Pos(), ps.start.End())
		q := &pathflow.Query{
			Info: fn.info(), CFG: fn.cfg, Creation: ps.start, Err: fn.errOf(ps.start, path),
			ErrPredicate: fn.c.pred.Arg, Table: fn.c.table, NoteUnchecked: true,
			Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
				if call, ok := n.(*ast.CallExpr); ok && fn.waitsCmd(call, ps.v) {
					return pathflow.Action{Effect: pathflow.Released}
				}
				if id, ok := n.(*ast.Ident); ok && fn.info().Uses[id] == ps.v && fn.handsOn(id, stack) {
					return pathflow.Action{Effect: pathflow.Released}
				}
				return pathflow.Action{}
			},
		}
		// Every return that gives the caller an error with the child
		// unwaited is listed where the hint fits it as written. A return
		// to a main that then exits is strict-only (endsprogram.go),
		// unless another return leaks.
		var leaks, ends []pathflow.Leak
		for _, l := range pathflow.Leaks(q) {
			ret, ok := l.Node.(*ast.ReturnStmt)
			if !ok || l.Kind != pathflow.Return || !fn.returnsError(ret, sig.Results().Len()-1) || fn.inPipeCloseFailure(ret) {
				continue
			}
			// "return bg, cmd.Start()": Start's own error, nil when the
			// child runs (runningchild.go).
			if fn.returnsStartError(l, ps.start, q.Err) {
				continue
			}
			if fn.endsProgram(ret) {
				ends = append(ends, l)
			} else {
				leaks = append(leaks, l)
			}
		}
		report := fn.c.r.Report
		if len(leaks) == 0 {
			leaks, report = ends, fn.c.r.ReportStrict
		}
		if len(leaks) == 0 {
			continue
		}
		stop := fn.stopName(ps.v)
		hint := fn.stopHint(stop, q.Err, leaks[0])
		rel := related(leaks[0].Node, "returns an error here with the child unwaited")
		for _, l := range leaks[1:] {
			if fn.stopHint(stop, q.Err, l) == hint {
				rel = append(rel, related(l.Node, "also returns an error here with the child unwaited")...)
			}
		}
		report(analysis.Diagnostic{
			Pos: ps.start.Pos(), End: ps.start.End(),
			Message: fmt.Sprintf("%s.Start succeeds but a later error is returned without waiting for the child: the caller sees a failure and has no reason to wait, so once it exits it stays a zombie until the parent exits (unless the process reaps every child itself); %s",
				ps.v.Name(), hint+" before returning the error"),
			Related: rel,
		})
	}
}

// handsOn reports whether the use id of the command gives it to other
// code: an argument of a call other than a method of the command, a
// value stored, returned, sent or captured by a function literal.
func (fn *fun) handsOn(id *ast.Ident, stack []ast.Node) bool {
	if len(stack) == 0 {
		return false
	}
	for _, s := range stack {
		if _, ok := s.(*ast.FuncLit); ok {
			return true // captured: the literal may wait
		}
	}
	switch p := stack[len(stack)-1].(type) {
	case *ast.SelectorExpr:
		return false // a method or a field of the command
	case *ast.CallExpr:
		return p.Fun != ast.Expr(id)
	case *ast.BinaryExpr:
		return false
	}
	return true
}

// signature returns the signature of the function.
func (fn *fun) signature() *types.Signature {
	switch n := fn.node.(type) {
	case *ast.FuncDecl:
		if f, ok := fn.info().Defs[n.Name].(*types.Func); ok {
			sig, _ := f.Type().(*types.Signature)
			return sig
		}
	case *ast.FuncLit:
		sig, _ := fn.info().TypeOf(n).(*types.Signature)
		return sig
	}
	return nil
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
