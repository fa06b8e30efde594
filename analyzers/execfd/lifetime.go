package execfd

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"
)

// A child started with SysProcAttr.Pdeathsig set is signalled when its
// parent dies (Linux, FreeBSD): unless it ignores the signal it does not
// outlive the parent, so it cannot keep the parent's standard files open
// after the parent exits. It still becomes a zombie if it exits first and
// nobody waits for it.

// diesWithParent reports whether the command's SysProcAttr sets Pdeathsig:
// cmd.SysProcAttr.Pdeathsig = sig, cmd.SysProcAttr = &syscall.SysProcAttr{
// Pdeathsig: sig}, directly or through a local variable.
// The setting must come before the start on every path to it: it is taken
// to do so when it lies in a block that encloses the start.
func (fn *fun) diesWithParent(cmd *command, start ast.Node) bool {
	for _, at := range cmd.pdeathsig {
		if fn.dominates(at, start) {
			return true
		}
	}
	for _, v := range cmd.fields["SysProcAttr"] {
		if cmd.gen(v.Pos()) == cmd.gen(start.Pos()) && fn.dominates(v, start) && fn.setsPdeathsig(v, start) {
			return true
		}
	}
	return false
}

// dominates reports whether n comes before start in a block that encloses
// start, outside function literals.
func (fn *fun) dominates(n, start ast.Node) bool {
	if n.Pos() >= start.Pos() {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(fn.file, n.Pos(), n.End())
	for _, p := range path {
		switch p.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return p.Pos() <= start.Pos() && start.End() <= p.End()
		}
	}
	return false
}

// setsPdeathsig reports whether the SysProcAttr value e has Pdeathsig set.
func (fn *fun) setsPdeathsig(e ast.Expr, start ast.Node) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return litSetsPdeathsig(e)
	case *ast.Ident:
		v := fn.localVar(e)
		if v == nil {
			return false
		}
		// Every value the variable is given, or a field set on it.
		info := fn.info()
		set := false
		ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
			if set {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "Pdeathsig" && isVar(info, sel.X, v) && fn.dominates(n, start) {
						set = true
					}
					if len(n.Lhs) == len(n.Rhs) && (info.Defs[identOf(lhs)] == v || info.Uses[identOf(lhs)] == v) && fn.dominates(n, start) {
						if lit := compositeOf(n.Rhs[i]); lit != nil && litSetsPdeathsig(lit) {
							set = true
						}
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if info.Defs[id] == v && i < len(n.Values) && fn.dominates(n, start) {
						if lit := compositeOf(n.Values[i]); lit != nil && litSetsPdeathsig(lit) {
							set = true
						}
					}
				}
			}
			return true
		})
		return set
	}
	return false
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

func compositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// litSetsPdeathsig reports whether the syscall.SysProcAttr literal sets
// Pdeathsig to something other than zero.
func litSetsPdeathsig(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Pdeathsig" {
			if b, ok := ast.Unparen(kv.Value).(*ast.BasicLit); ok && b.Value == "0" {
				return false
			}
			return true
		}
	}
	return false
}
