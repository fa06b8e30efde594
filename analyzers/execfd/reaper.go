package execfd

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A process that reaps every child itself, as container shims and init
// systems do (a loop around wait4(-1, ...), usually on SIGCHLD), leaves no
// zombie behind whatever its functions do with the children they start:
// a child that is not waited is reaped by the loop once it exits. Such a
// reaper in the package, or a call of a function (of any package) that
// runs one, turns off the reports that a child stays a zombie; the reports
// about descriptors stay.

// reapsAll is the fact of a function that runs a loop around wait4(-1,
// ...), directly or by calling a function with the fact.
type reapsAll struct{}

func (*reapsAll) AFact()         {}
func (*reapsAll) String() string { return "reapsAll" }

// reaps reports whether the package reaps every child: it holds a reaper
// loop, or calls a function that runs one.
func (c *checker) reaps() bool {
	if c.reapsMemo != 0 {
		return c.reapsMemo > 0
	}
	c.reapsMemo = -1
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c.reapsMemo > 0 {
				return false
			}
			switch n := n.(type) {
			case *ast.ForStmt:
				if c.waitsAny(n.Body) {
					c.reapsMemo = 1
				}
			case *ast.CallExpr:
				if fn, ok := typeutil.Callee(c.pass.TypesInfo, n).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
					if c.pass.ImportObjectFact(fn.Origin(), new(reapsAll)) {
						c.reapsMemo = 1
					}
				}
			}
			return true
		})
	}
	return c.reapsMemo > 0
}

// waitsAny reports whether the node calls wait4 with the pid -1: any child.
func (c *checker) waitsAny(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		if isWait4(c.pass.TypesInfo, call) && len(call.Args) > 0 {
			if tv, ok := c.pass.TypesInfo.Types[call.Args[0]]; ok && tv.Value != nil {
				if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok && v == -1 {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// exportReapers exports reapsAll for the exported functions that run a
// reaper loop, or call a function that does.
func (c *checker) exportReapers() {
	info := c.pass.TypesInfo
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok || !fn.Exported() {
				continue
			}
			runs := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if runs {
					return false
				}
				switch n := n.(type) {
				case *ast.ForStmt:
					runs = c.waitsAny(n.Body)
				case *ast.CallExpr:
					if g, ok := typeutil.Callee(info, n).(*types.Func); ok && g.Pkg() != nil && g.Pkg() != c.pass.Pkg {
						runs = c.pass.ImportObjectFact(g.Origin(), new(reapsAll))
					}
				}
				return !runs
			})
			if runs {
				c.pass.ExportObjectFact(fn, new(reapsAll))
			}
		}
	}
}
