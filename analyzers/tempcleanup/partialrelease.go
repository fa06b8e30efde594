package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A releasing method that removes the object on some paths only (a
// partial releaser, tempfacts' releasepaths.go): the owner's holder calls
// it on every path, but the method returns somewhere before its removal
// (syncthing's AtomicWriter.Close returns a failed Write's remembered
// error before it defers the removal of its temp file, audit33 S21), and
// on that path the object stays. The report is at the holder's first call
// of such a method, and names the method and the return that skips the
// removal. The remedy is in the method: remove the object before that
// return. Closing the file in the caller instead would be no remedy, and
// for a writer that renames its temp file on Close it would do harm: after
// a failed write, Close would put the partial file in the target's place.

// partialRelease reports the first call in fn of a method on holder that
// releases what field holds on some paths only.
func (c *checker) partialRelease(fn ast.Node, holder, field *types.Var, kind tempfacts.Kind, creator string) {
	partial := c.res.PartialReleases(field)
	if len(partial) == 0 {
		return
	}
	var first *ast.CallExpr
	var p tempfacts.PartialRelease
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || first != nil {
			return first == nil
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[x] != holder {
			return true
		}
		m, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok {
			return true
		}
		if pr, ok := partial[m.Origin()]; ok {
			first, p = call, pr
		}
		return true
	})
	if first == nil {
		return
	}
	pos := c.pass.Fset.Position(p.Return)
	at := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
	method := methodName(p.Method)
	held := fmt.Sprintf("%s.%s", holder.Name(), field.Name())
	c.r.Report(analysis.Diagnostic{
		Pos: first.Pos(), End: first.End(),
		Message: fmt.Sprintf("%s from %s is held by %s and released by %s, but %s returns at %s without removing it, so on that path it stays on disk: in %s, %s before that return",
			what(&tempfacts.Creation{Kind: kind}, ""), creator, held, types.ExprString(first.Fun)+"()", method, at, method, removal(p.Method, field, kind)),
		Related: []analysis.RelatedInformation{{Pos: p.Return, Message: method + " returns here without removing it"}},
	})
}

// methodName names fn for a message: "AtomicWriter.Close", or the
// function's name.
func methodName(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// removal says how to remove what field holds inside fn: through fn's
// receiver when it has one (os.Remove(w.next.Name())).
func removal(fn *types.Func, field *types.Var, kind tempfacts.Kind) string {
	held := "the object in field " + field.Name()
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil && sig.Recv().Name() != "" && sig.Recv().Name() != "_" {
		held = sig.Recv().Name() + "." + field.Name()
		if kind == tempfacts.File {
			return fmt.Sprintf("call os.Remove(%s.Name())", held)
		}
		return fmt.Sprintf("call os.RemoveAll(%s)", held)
	}
	return "remove " + held
}
