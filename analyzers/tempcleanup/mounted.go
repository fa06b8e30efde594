package tempcleanup

import (
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/passes/mountfacts"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// Two hints that would destroy data or race are withheld (SPEC: every
// hint is safe to follow as written).
//
// RemoveAll of a directory with a file system mounted on it deletes the
// mounted files (a boot partition mounted in the temp dir, a bind of
// /dev under it). Where the function mounts onto the temp dir or a path
// inside it, the hint says to unmount first, and no fix removes it, not
// even t.TempDir(), whose cleanup is a RemoveAll.
//
// t.TempDir() is removed when the test returns; a goroutine the test
// started that still uses the directory then races that removal. Where a
// goroutine of the test uses the object, t.TempDir() is not suggested.

// mountedOn returns the target of the first mount (in source order) that
// the function makes on the object or on a path inside it, as written, and
// the mounting call; "" if none. A mount is syscall.Mount or unix.Mount,
// or a call of a function that mounts at its parameter (a fact of
// passes/mountfacts: a loop device's Mount, a mount helper package).
func (c *checker) mountedOn(fn ast.Node, a *tempfacts.Assign) (string, *ast.CallExpr) {
	v := c.objectVar(a)
	body := funcBody(fn)
	if v == nil || body == nil {
		return "", nil
	}
	mf := c.pass.ResultOf[mountfacts.Analyzer].(*mountfacts.Result)
	target, at := "", (*ast.CallExpr)(nil)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if at != nil {
				return false
			}
			for _, t := range mf.Targets(n) {
				if c.derivedFrom(body, t, v, 2) {
					target, at = types.ExprString(t), n
					return false
				}
			}
		}
		return at == nil
	})
	return target, at
}

// usedByGoroutine reports whether a go statement of the function uses
// the object: its function literal or its arguments mention it, or a
// path made from it.
func (c *checker) usedByGoroutine(fn ast.Node, a *tempfacts.Assign) bool {
	v := c.objectVar(a)
	body := funcBody(fn)
	if v == nil || body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok || found {
			return !found
		}
		found = c.derivedFrom(body, g.Call, v, 2)
		return false
	})
	return found
}

func (c *checker) objectVar(a *tempfacts.Assign) *types.Var {
	if a == nil || a.Object == nil || a.Object.Name == "_" {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(a.Object).(*types.Var)
	return v
}

// derivedFrom reports whether e mentions v, or a local variable of the
// body assigned from an expression that does (filepath.Join(dir, "boot")),
// up to depth assignments away.
func (c *checker) derivedFrom(body *ast.BlockStmt, e ast.Node, v *types.Var, depth int) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		u, _ := info.Uses[id].(*types.Var)
		switch {
		case u == nil:
		case u == v:
			found = true
		case depth > 0 && u.Pos() >= body.Pos() && u.Pos() < body.End():
			for _, rhs := range c.assignedTo(body, u) {
				if c.derivedFrom(body, rhs, v, depth-1) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// assignedTo returns the right-hand sides assigned to the local variable
// in the body, one to one.
func (c *checker) assignedTo(body *ast.BlockStmt, u *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == u {
				out = append(out, as.Rhs[i])
			}
		}
		return true
	})
	return out
}
