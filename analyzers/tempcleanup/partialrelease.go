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
	if len(partial) == 0 || c.removesHeld(fn, holder, field) {
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
	method := tempfacts.MethodName(p.Method)
	held := fmt.Sprintf("%s.%s", holder.Name(), field.Name())
	c.r.Report(analysis.Diagnostic{
		Pos: first.Pos(), End: first.End(),
		Message: fmt.Sprintf("%s from %s is held by %s and released by %s, but %s returns at %s without removing it, so on that path it stays on disk: in %s, %s before that return",
			what(&tempfacts.Creation{Kind: kind}, ""), creator, held, types.ExprString(first.Fun)+"()", method, at, method, tempfacts.Removal(p.Method, field, kind)),
		Related: []analysis.RelatedInformation{{Pos: p.Return, Message: method + " returns here without removing it"}},
	})
}

// importedPartialRelease reports the first call in fn, on holder, of a
// releasing method of another package's owner type o that returns without
// removing the object on some path, when the constructor callee made the
// object the value holds (its returnsOwner fact says so).
func (c *checker) importedPartialRelease(fn ast.Node, holder *types.Var, callee *types.Func, o *tempfacts.OwnerType) {
	if len(o.Partial) == 0 || !c.res.FreshOwnerHolds(callee) {
		return
	}

	var first *ast.CallExpr
	var p tempfacts.PartialMethod
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || first != nil {
			return first == nil
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(call.Args) != 0 {
			return true
		}
		if x, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[x] != holder {
			return true
		}
		for _, m := range o.Partial {
			if m.Method == sel.Sel.Name {
				first, p = call, m
			}
		}
		return true
	})
	if first == nil {
		return
	}
	c.r.Report(analysis.Diagnostic{
		Pos: first.Pos(), End: first.End(),
		Message: fmt.Sprintf("%s from %s is held by %s and released by %s, but %s returns at %s without removing it, so on that path it stays on disk: in %s, %s before that return",
			kindWord(o), c.funcName(callee), holder.Name(), types.ExprString(first.Fun)+"()", p.Skipper, p.At, p.Skipper, p.Remedy),
	})
}

// removesHeld reports whether fn removes what holder's field holds
// itself, with os.Remove or os.RemoveAll of an expression
// that selects it ("defer os.Remove(w.next.Name())"): the object then does
// not depend on the owner's method.
func (c *checker) removesHeld(fn ast.Node, holder, field *types.Var) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		callee, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok || callee.Pkg() == nil || callee.Pkg().Path() != "os" || callee.Name() != "Remove" && callee.Name() != "RemoveAll" {
			return true
		}
		for _, a := range call.Args {
			ast.Inspect(a, func(m ast.Node) bool {
				sel, ok := m.(*ast.SelectorExpr)
				if !ok {
					return !found
				}
				s, ok := c.pass.TypesInfo.Selections[sel]
				if !ok || s.Kind() != types.FieldVal || s.Obj().(*types.Var).Origin() != field {
					return !found
				}
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[x] == holder {
					found = true
				}
				return !found
			})
		}
		return true
	})
	return found
}
