package cloexec

import (
	"go/ast"
	"go/types"
)

// In test code, a descriptor pair (a socketpair, a pipe) one end of which
// the test hands to its own child (wrapped by os.NewFile and put into the
// command's ExtraFiles) is shared with that child on purpose: the test
// exercises passing descriptors (syscall's TestPassFD, u-root's
// fusermount test, whose child even finds its end by the number the
// parent had). The other end reaching the same short-lived child changes
// nothing the test relies on, and adding close-on-exec can break a child
// that uses the inherited number. Such findings are strict-only in test
// code; in production code the other end's leak stays reported.

// handedToOwnChild reports whether an element of the descriptor array the
// site assigns is wrapped by os.NewFile into a file that the function puts
// into a command's ExtraFiles.
func (c *checker) handedToOwnChild(s *site) bool {
	assign, ok := s.parent.(*ast.AssignStmt)
	if !ok || len(assign.Rhs) != 1 || assign.Rhs[0] != s.call || s.fun == nil {
		return false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	info := c.pass.TypesInfo
	fds, ok := info.ObjectOf(id).(*types.Var)
	if !ok {
		return false
	}
	if _, isArray := fds.Type().Underlying().(*types.Array); !isArray {
		if _, isSlice := fds.Type().Underlying().(*types.Slice); !isSlice {
			return false
		}
	}
	// The files wrapping an element: f := os.NewFile(uintptr(fds[i]), ...).
	files := make(map[*types.Var]bool)
	ast.Inspect(s.fun, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, rhs := range as.Rhs {
			call, ok := ast.Unparen(rhs).(*ast.CallExpr)
			if !ok || !isCallTo(info, call, "os", "NewFile") || len(call.Args) == 0 || !mentions(info, call.Args[0], fds) {
				continue
			}
			if lhs, ok := as.Lhs[i].(*ast.Ident); ok {
				if v, ok := info.ObjectOf(lhs).(*types.Var); ok {
					files[v] = true
				}
			}
		}
		return true
	})
	if len(files) == 0 {
		return false
	}
	// One of them put into ExtraFiles: c.ExtraFiles = []*os.File{f},
	// append(c.ExtraFiles, f), or &exec.Cmd{ExtraFiles: ...}.
	handed := false
	ast.Inspect(s.fun, func(n ast.Node) bool {
		if handed {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "ExtraFiles" && i < len(n.Rhs) && mentionsAny(info, n.Rhs[i], files) {
					handed = true
				}
			}
		case *ast.KeyValueExpr:
			if key, ok := n.Key.(*ast.Ident); ok && key.Name == "ExtraFiles" && mentionsAny(info, n.Value, files) {
				handed = true
			}
		}
		return !handed
	})
	return handed
}

// isCallTo reports whether call calls the function path.name.
func isCallTo(info *types.Info, call *ast.CallExpr, path, name string) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name
}

// mentions reports whether e refers to v.
func mentions(info *types.Info, e ast.Expr, v *types.Var) bool {
	return mentionsAny(info, e, map[*types.Var]bool{v: true})
}

// mentionsAny reports whether e refers to one of vars.
func mentionsAny(info *types.Info, e ast.Expr, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}
