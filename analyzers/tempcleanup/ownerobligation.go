package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/errpred"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// Values of owner types made by a constructor (tempfacts' returnsOwner
// fact), of this package or another: "s := sys.New()", "fs, err :=
// isofs.Create(backend, workdir)". The value owes a call of one of its
// type's releasing methods (those that remove the temp object it holds in
// a field) from the point where it holds one: a call of one of its
// creating methods (a method that makes the object and keeps it in the
// field), or the constructor's call itself when it is handed a temp object
// made here or, of another package, made one itself (returnsOwner's
// Holds). A value in a local variable must be released, or handed on
// (returned, stored, passed to a function that may keep it), on every
// path from there; one stored in a field of a type of this package must be
// released by some code of the package through that field when the
// package calls a creating method through it.

// ownerValue checks the value of an owner type that call, a constructor
// returning it as result res, makes.
func (c *checker) ownerValue(fn ast.Node, g *cfg.CFG, call *ast.CallExpr, callee *types.Func, res int, o *tempfacts.OwnerType, some bool, stack []ast.Node) {
	stmt := stack[len(stack)-1]
	lhs, rhs := pathflow.AssignSides(stmt)
	if len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(call) || res >= len(lhs) {
		return
	}
	// A constructor that returns other values on other paths holds the
	// owner only on those paths: the message says so.
	when := ""
	if some {
		when = fmt.Sprintf("when %s returns a %s, ", c.funcName(callee), o.Name)
	}
	switch l := lhs[res].(type) {
	case *ast.Ident:
		c.localOwner(fn, g, call, callee, o, when, stmt, lhs, l)
		if holder := c.res.Var(l); holder != nil && callee.Pkg() != c.pass.Pkg && !some {
			c.importedPartialRelease(fn, holder, callee, o) // partialrelease.go
		}
	case *ast.SelectorExpr:
		c.fieldOwner(call, callee, o, when, stmt, l)
	}
}

// localOwner checks an owner value assigned to a local variable.
func (c *checker) localOwner(fn ast.Node, g *cfg.CFG, call *ast.CallExpr, callee *types.Func, o *tempfacts.OwnerType, when string, stmt ast.Node, lhs []ast.Expr, id *ast.Ident) {
	holder := c.res.Var(id)
	if holder == nil || holder.Pos() < fn.Pos() || holder.Pos() >= fn.End() {
		return
	}
	info := c.pass.TypesInfo
	var errVar *types.Var
	if n := len(lhs); n > 1 {
		if e, ok := lhs[n-1].(*ast.Ident); ok {
			if v := c.res.Var(e); v != nil && isErrorType(v.Type()) {
				errVar = v
			}
		}
	}
	typeName := o.Name
	kind := "temp directory"
	if o.Kind == tempfacts.File {
		kind = "temp file"
	}
	// Where the value comes to hold a temp object, and what it is.
	type start struct {
		node ast.Node
		err  *types.Var
		what string
	}
	var starts []start
	if taken := c.takenTemp(fn, call, callee); taken != nil {
		starts = append(starts, start{stmt, errVar, fmt.Sprintf("%s %s, handed to %s,", kind, taken.Name(), c.funcName(callee))})
	} else if callee.Pkg() != c.pass.Pkg && c.res.FreshOwnerHolds(callee) {
		// The constructor made the object and returns it in the owner
		// (its returnsOwner fact holds): the value holds it at once.
		starts = append(starts, start{stmt, errVar, fmt.Sprintf("%s that %s makes", kind, c.funcName(callee))})
	}
	ast.PreorderStack(fn, nil, func(n ast.Node, stack []ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && ast.Node(lit) != fn {
			return false
		}
		m, ok := n.(*ast.CallExpr)
		if !ok || m.Pos() < stmt.End() {
			return true
		}
		if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok && slices.Contains(o.Creators, sel.Sel.Name) {
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == holder {
				starts = append(starts, start{m, nil, fmt.Sprintf("%s that %s's %s makes", kind, typeName, sel.Sel.Name)})
			}
		}
		return true
	})
	if len(starts) == 0 {
		return // it never holds a temp object here
	}
	release := func(n ast.Node, stack []ast.Node) pathflow.Action {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && slices.Contains(o.Releasers, sel.Sel.Name) {
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == holder {
					return pathflow.Action{Effect: pathflow.Released}
				}
			}
		case *ast.Ident:
			if info.Uses[n] != holder || len(stack) == 0 {
				return pathflow.Action{}
			}
			if as, ok := stack[len(stack)-1].(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(n)) {
				return pathflow.Action{} // assigned again
			}
			if tempfacts.OwnerUse(info, n, stack, o) {
				return pathflow.Action{}
			}
			if p, ok := stack[len(stack)-1].(*ast.CallExpr); ok && c.ownerArgBorrowed(p, n, o) {
				return pathflow.Action{}
			}
			// Returned, stored, passed on, a method value: handed on.
			return pathflow.Action{Effect: pathflow.Released}
		}
		return pathflow.Action{}
	}
	reported := make(map[ast.Node]bool)
	for _, s := range starts {
		q := &pathflow.Query{
			Info: info, CFG: g, Creation: s.node, Err: s.err,
			ErrPredicate: c.pass.ResultOf[errpred.Analyzer].(*errpred.Result).Arg,
			Release:      release, Registers: c.res.Registers, Exit: c.res.Exits().Kind, ExitOnError: c.res.ExitOnError,
			Table: c.res.Table, Results: c.results(fn),
		}
		if s.err != nil {
			q.Obj = holder
		}
		// "s := New(); defer s.Close(); s.WriteFile(...)": the release is
		// deferred before the value holds anything.
		q.Deferred = c.deferredRelease(fn, holder, o, s.node.Pos())
		for _, l := range pathflow.Leaks(q) {
			if l.Kind != pathflow.Return || reported[l.Node] {
				continue
			}
			reported[l.Node] = true
			c.r.Report(analysis.Diagnostic{
				Pos: l.Node.Pos(), End: l.Node.End(),
				Message: fmt.Sprintf("%s%s is held by %s and removed only by %s, and this return drops %s without calling it, so it stays on disk: %s before returning",
					when, s.what, holder.Name(), c.releasers(o), holder.Name(), c.releaseHint(holder.Name(), holder.Type(), o)),
				Related: []analysis.RelatedInformation{{Pos: s.node.Pos(), End: s.node.End(), Message: "the owner holds it from here"}},
			})
		}
	}
}

// takenTemp returns the variable holding a temp object made in fn that
// call passes to a parameter that callee takes, or nil.
func (c *checker) takenTemp(fn ast.Node, call *ast.CallExpr, callee *types.Func) *types.Var {
	sig, ok := callee.Type().(*types.Signature)
	if !ok {
		return nil
	}
	for i, a := range call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok || i >= sig.Params().Len() {
			continue
		}
		v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
		if v == nil || !c.madeHere(fn, v) {
			continue
		}
		switch c.res.ParamUse(callee, i) {
		case tempfacts.Take, tempfacts.Release:
			return v
		}
	}
	return nil
}

// madeHere reports whether fn assigns v a temp object it creates.
func (c *checker) madeHere(fn ast.Node, v *types.Var) bool {
	made := false
	ast.PreorderStack(fn, nil, func(n ast.Node, stack []ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || made || len(stack) == 0 {
			return !made
		}
		if cr := c.res.Creation(call); cr != nil {
			if a := c.res.AssignOf(stack[len(stack)-1], cr); a != nil && c.res.Var(a.Object) == v {
				made = true
			}
		}
		return !made
	})
	return made
}

// fieldOwner checks an owner value stored into a field of a type of this
// package ("c.system = sys.New()"): when the package calls one of its
// creating methods through the field and no code of the package calls a
// releasing method through it, or lets the value go (returns it, passes it
// on, stores it elsewhere), the object it makes is never removed.
func (c *checker) fieldOwner(call *ast.CallExpr, callee *types.Func, o *tempfacts.OwnerType, when string, stmt ast.Node, lhs *ast.SelectorExpr) {
	f, named := c.res.FieldSelected(lhs)
	if f == nil || f.Exported() || len(o.Creators) == 0 {
		return
	}
	info := c.pass.TypesInfo
	var created *ast.CallExpr
	released, letGo := false, false
	for _, file := range c.pass.Files {
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || len(stack) == 0 {
				return true
			}
			s, ok := info.Selections[sel]
			if !ok || s.Kind() != types.FieldVal {
				return true
			}
			if v, ok := s.Obj().(*types.Var); !ok || v.Origin() != f {
				return true
			}
			switch p := stack[len(stack)-1].(type) {
			case *ast.AssignStmt:
				if slices.Contains(p.Lhs, ast.Expr(sel)) {
					return true // a store
				}
			case *ast.BinaryExpr:
				return true
			case *ast.CallExpr:
				if c.ownerArgBorrowed(p, sel, o) {
					return true
				}
			case *ast.SelectorExpr:
				if ps, ok := info.Selections[p]; ok && ps.Kind() == types.FieldVal {
					return true
				}
				if len(stack) >= 2 {
					if m, ok := stack[len(stack)-2].(*ast.CallExpr); ok && m.Fun == ast.Expr(p) {
						switch {
						case slices.Contains(o.Releasers, p.Sel.Name):
							released = true
						case slices.Contains(o.Creators, p.Sel.Name):
							if created == nil {
								created = m
							}
						}
						return true
					}
				}
			}
			letGo = true
			return true
		})
	}
	if created == nil || released || letGo {
		return
	}
	holder := types.ExprString(lhs)
	c.r.Report(analysis.Diagnostic{
		Pos: stmt.Pos(), End: stmt.End(),
		Message: fmt.Sprintf("%sfield %s of %s holds a %s from %s whose %s makes a temp %s that only %s removes, and no code of package %s calls it on the field, so it stays on disk: %s when %s is done with it",
			when, f.Name(), named.Obj().Name(), o.Name, c.funcName(callee), created.Fun.(*ast.SelectorExpr).Sel.Name, strings.TrimPrefix(kindWord(o), "temp "),
			c.releasers(o), c.pass.Pkg.Name(), c.releaseHint(holder, f.Type(), o), named.Obj().Name()),
		Related: []analysis.RelatedInformation{{Pos: created.Pos(), End: created.End(), Message: "the temp object is made here"}},
	})
}

func kindWord(o *tempfacts.OwnerType) string {
	if o.Kind == tempfacts.File {
		return "temp file"
	}
	return "temp directory"
}

// funcName names a function for messages: "sys.New", or "New" in this
// package.
func (c *checker) funcName(fn *types.Func) string {
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return fn.Name()
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// releasers says which methods remove the object: "its Close", "its
// Close or Finalize".
func (c *checker) releasers(o *tempfacts.OwnerType) string {
	return "its " + strings.Join(o.Releasers, " or ")
}

// releaseHint is the call that releases holder, of type t: "call
// s.Close()". When t is an interface without that method (chezmoi's
// System), the call would not compile: the hint says to keep the owner
// where its method can be called.
func (c *checker) releaseHint(holder string, t types.Type, o *tempfacts.OwnerType) string {
	m := o.Hint
	if m == "" {
		m = o.Releasers[0]
	}
	if obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, m); obj == nil {
		return fmt.Sprintf("keep the %s where its %s can be called (%s is a %s, which has no %s), and call it", o.Name, m, holder, types.TypeString(t, func(p *types.Package) string {
			if p == c.pass.Pkg {
				return ""
			}
			return p.Name()
		}), m)
	}
	if o.Hint != "" {
		return fmt.Sprintf("call %s.%s()", holder, m)
	}
	return fmt.Sprintf("call %s.%s", holder, m)
}

// deferredRelease returns a defer statement of fn before pos that calls a
// releasing method of holder (directly or in the deferred literal), or nil.
func (c *checker) deferredRelease(fn ast.Node, holder *types.Var, o *tempfacts.OwnerType, pos token.Pos) ast.Node {
	var found ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		d, ok := n.(*ast.DeferStmt)
		if !ok || found != nil || n.Pos() >= pos {
			return found == nil
		}
		ast.Inspect(d.Call, func(m ast.Node) bool {
			call, ok := m.(*ast.CallExpr)
			if !ok || found != nil {
				return found == nil
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && slices.Contains(o.Releasers, sel.Sel.Name) {
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[x] == holder {
					found = d
				}
			}
			return found == nil
		})
		return found == nil
	})
	return found
}

// ownerArgBorrowed reports whether the call only borrows the owner value
// e, one of its arguments: the parameter is an interface without any of
// the owner's releasing methods (the callee cannot release it short of a
// type assertion: chezmoi's System has no Close), or the callee only uses
// it (tempfacts.BorrowsOwner).
func (c *checker) ownerArgBorrowed(call *ast.CallExpr, e ast.Expr, o *tempfacts.OwnerType) bool {
	i := slices.Index(call.Args, e)
	if i < 0 {
		return false
	}
	sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return false
	}
	var pt types.Type
	switch {
	case sig.Variadic() && i >= sig.Params().Len()-1:
		if call.Ellipsis.IsValid() {
			return false
		}
		if s, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice); ok {
			pt = s.Elem()
		}
	case i < sig.Params().Len():
		pt = sig.Params().At(i).Type()
	}
	if pt == nil {
		return false
	}
	if iface, ok := pt.Underlying().(*types.Interface); ok && !hasReleaser(iface, o) {
		return true
	}
	callee, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return c.res.BorrowsOwner(callee, i, o)
}

// hasReleaser reports whether the interface has a method named as one of
// the owner's releasers.
func hasReleaser(iface *types.Interface, o *tempfacts.OwnerType) bool {
	for j := 0; j < iface.NumMethods(); j++ {
		if slices.Contains(o.Releasers, iface.Method(j).Name()) {
			return true
		}
	}
	return false
}
