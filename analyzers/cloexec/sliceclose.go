package cloexec

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// A descriptor stored into an element of a local slice (fds[i], err =
// syscall.Open(...) in a loop) and closed by a later loop over the slice
// that closes each element, before any start, never reaches a child: os's
// pidfd leak test opens ten descriptors this way, closes them, and only
// then starts its children. The slice must be used for nothing else than
// being made, filled and ranged over (len(fds) too): any other use may
// hand the descriptors on.

// closedViaSlice reports whether the site's descriptor, stored into an
// element of a local slice by assign, is closed through the slice before
// any call for which starts holds.
func (c *checker) closedViaSlice(s *site, assign *ast.AssignStmt, starts func(*ast.CallExpr) bool) bool {
	idx, ok := ast.Unparen(assign.Lhs[0]).(*ast.IndexExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(idx.X).(*ast.Ident)
	if !ok {
		return false
	}
	slice, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || slice.Parent() == nil || slice.Pkg() == nil || slice.Parent() == slice.Pkg().Scope() || !c.sliceOnlyFilledAndRanged(s.fun, slice) {
		return false
	}
	// The closing loop is a statement of a block around the assignment,
	// after it: it runs whenever the function gets past the creation.
	path, _ := astutil.PathEnclosingInterval(fileOf(c, s.fun), assign.Pos(), assign.End())
	var end token.Pos
	for _, n := range path {
		block, ok := n.(*ast.BlockStmt)
		if !ok || end != token.NoPos {
			continue
		}
		for _, stmt := range block.List {
			if stmt.Pos() > assign.End() && c.closesEach(stmt, slice) {
				end = stmt.End()
				break
			}
		}
	}
	if end == token.NoPos {
		return false
	}
	return !callsIn(s.fun, func(other *ast.CallExpr) bool {
		return other.Pos() > s.call.End() && other.End() <= end && starts(other)
	})
}

// closesEach reports whether stmt is "for _, fd := range slice" whose body
// closes fd.
func (c *checker) closesEach(stmt ast.Stmt, slice *types.Var) bool {
	rng, ok := stmt.(*ast.RangeStmt)
	if !ok || rng.Value == nil {
		return false
	}
	x, ok := ast.Unparen(rng.X).(*ast.Ident)
	if !ok || c.pass.TypesInfo.Uses[x] != slice {
		return false
	}
	vid, ok := rng.Value.(*ast.Ident)
	if !ok {
		return false
	}
	fd, ok := c.pass.TypesInfo.ObjectOf(vid).(*types.Var)
	if !ok {
		return false
	}
	for _, inner := range rng.Body.List {
		if c.closes(inner, fd) {
			return true
		}
	}
	return false
}

// sliceOnlyFilledAndRanged reports whether every use of the slice variable
// in the function is an element assignment, a range over it, len, or a
// read of the numbers that cannot act on a descriptor: an element compared,
// or the slice or an element printed (an element of a variadic ...any
// argument, as t.Logf takes).
func (c *checker) sliceOnlyFilledAndRanged(fun ast.Node, slice *types.Var) bool {
	info := c.pass.TypesInfo
	ok := true
	ast.PreorderStack(fun, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != slice || len(stack) == 0 {
			return ok
		}
		switch parent := stack[len(stack)-1].(type) {
		case *ast.IndexExpr:
			if len(stack) < 2 || parent.X != ast.Expr(id) {
				ok = false
				break
			}
			switch outer := stack[len(stack)-2].(type) {
			case *ast.AssignStmt:
				ok = len(outer.Lhs) > 0 && outer.Lhs[0] == ast.Expr(parent)
			case *ast.BinaryExpr:
			case *ast.CallExpr:
				ok = c.printed(outer, parent)
			default:
				ok = false
			}
		case *ast.RangeStmt:
			ok = parent.X == ast.Expr(id)
		case *ast.CallExpr:
			fn, isBuiltin := info.Uses[calleeIdentOf(parent)].(*types.Builtin)
			ok = isBuiltin && fn.Name() == "len" || c.printed(parent, id)
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// printed reports whether arg is an element of a variadic ...any argument
// of the call: a value formatted for a message, not used as a descriptor.
func (c *checker) printed(call *ast.CallExpr, arg ast.Expr) bool {
	sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || !sig.Variadic() || call.Ellipsis.IsValid() {
		return false
	}
	last := sig.Params().Len() - 1
	elem, ok := sig.Params().At(last).Type().(*types.Slice)
	if !ok {
		return false
	}
	if iface, ok := elem.Elem().Underlying().(*types.Interface); !ok || !iface.Empty() {
		return false
	}
	for i, a := range call.Args {
		if a == arg && i >= last {
			return true
		}
	}
	return false
}

// calleeIdentOf returns the identifier of a call's callee, or nil.
func calleeIdentOf(call *ast.CallExpr) *ast.Ident {
	id, _ := ast.Unparen(call.Fun).(*ast.Ident)
	return id
}

// fileOf returns the file of the checker's package that holds n.
func fileOf(c *checker, n ast.Node) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}
