package tempcleanup

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/mountfacts"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A mount helper that returns a mount point object holding the path
// (u-root's loop.Mount and mount.Mount return a *MountPoint with the path
// in a field) takes the path by its facts, and taking counts as a hand-off.
// But when the function keeps that object in a local variable, and only
// ever calls on it a method that unmounts it (a fact of passes/mountfacts:
// defer mountPoint.Unmount(0)), nothing outlives the function: the path
// is only borrowed for the mount, and the temp directory is still the
// function's to remove. u-root's pox was told its directory was "stored
// for later" there, and the paths through the mount were not counted as
// leaks.

// unmountedHere returns the calls of fn (outside function literals) that
// mount at the object or at a path inside it and whose result is a mount
// point kept in a local variable that the function uses only to unmount it.
func (c *checker) unmountedHere(fn ast.Node, a *tempfacts.Assign) map[*ast.CallExpr]bool {
	v := c.objectVar(a)
	body := funcBody(fn)
	if v == nil || body == nil {
		return nil
	}
	mf := c.pass.ResultOf[mountfacts.Analyzer].(*mountfacts.Result)
	var calls map[*ast.CallExpr]bool
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 {
				return true
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok {
				return true
			}
			mounts := false
			for _, t := range mf.Targets(call) {
				mounts = mounts || c.derivedFrom(body, t, v, 2)
			}
			if !mounts {
				return true
			}
			if mp := c.localLHS(body, n.Lhs[0]); mp != nil && c.onlyUnmounted(body, mp, n, mf) {
				if calls == nil {
					calls = make(map[*ast.CallExpr]bool)
				}
				calls[call] = true
			}
		}
		return true
	})
	return calls
}

// localLHS returns the variable declared in body that e names, or nil.
func (c *checker) localLHS(body *ast.BlockStmt, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil
	}
	return v
}

// onlyUnmounted reports whether every use of mp in body (function
// literals included), other than its assignment by as, is a call of a
// method that unmounts its receiver, or a comparison with nil, and one is
// such a call.
func (c *checker) onlyUnmounted(body *ast.BlockStmt, mp *types.Var, as *ast.AssignStmt, mf *mountfacts.Result) bool {
	info := c.pass.TypesInfo
	ok, unmounted := true, false
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != mp || len(stack) == 0 {
			return ok
		}
		parent := stack[len(stack)-1]
		if parent == as && isLHS(as, id) {
			return true
		}
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			if len(stack) >= 2 {
				if call, isCall := stack[len(stack)-2].(*ast.CallExpr); isCall && call.Fun == p && mf.UnmountsReceiver(call) {
					unmounted = true
					return true
				}
			}
		case *ast.BinaryExpr:
			if (p.Op == token.EQL || p.Op == token.NEQ) && (pkgtypes.IsNil(info, p.X) || pkgtypes.IsNil(info, p.Y)) {
				return true
			}
		}
		ok = false
		return false
	})
	return ok && unmounted
}

func isLHS(as *ast.AssignStmt, e ast.Expr) bool {
	for _, l := range as.Lhs {
		if ast.Unparen(l) == e {
			return true
		}
	}
	return false
}

// borrowingMounts wraps a release predicate: the calls in mounts borrow
// the object, whatever the callee's facts say.
func borrowingMounts(mounts map[*ast.CallExpr]bool, release func(ast.Node, []ast.Node) pathflow.Action) func(ast.Node, []ast.Node) pathflow.Action {
	if len(mounts) == 0 {
		return release
	}
	return func(n ast.Node, stack []ast.Node) pathflow.Action {
		if call, ok := n.(*ast.CallExpr); ok && mounts[call] {
			return pathflow.Action{}
		}
		return release(n, stack)
	}
}

// withoutNodes returns the nodes not in drop.
func withoutNodes(nodes []ast.Node, drop map[*ast.CallExpr]bool) []ast.Node {
	if len(drop) == 0 {
		return nodes
	}
	var out []ast.Node
	for _, n := range nodes {
		if call, ok := n.(*ast.CallExpr); !ok || !drop[call] {
			out = append(out, n)
		}
	}
	return out
}
