package cloexec

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// In a test, a descriptor without close-on-exec leaks only into a child
// started while it is open: by the test itself after creating it, or by
// another test running at the same time. Tests run one at a time unless
// they call t.Parallel, so a test that is not parallel, and does not start
// a child itself after creating the descriptor, cannot leak it; its finding
// is strict-only. A parallel test keeps the finding when the test package
// (its imports included) may start a process.

// quietInTest reports whether the finding at the site, in a _test.go file,
// is strict-only.
func (c *checker) quietInTest(s *site) bool {
	f := c.pass.Fset.File(s.call.Pos())
	if f == nil || !strings.HasSuffix(f.Name(), "_test.go") {
		return false
	}
	decl, _ := s.fun.(*ast.FuncDecl)
	if c.starts && c.inParallelTest(decl) {
		return false
	}
	return !c.startsAfter(s.fun, s.call)
}

// startsAfter reports whether the function may start a process after the
// call: a call later in the function, or anywhere in a loop around the call.
func (c *checker) startsAfter(fun ast.Node, call *ast.CallExpr) bool {
	if fun == nil {
		return false // a package-level initializer
	}
	from := call.End()
	ast.Inspect(fun, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= call.Pos() && call.End() <= n.End() && n.Pos() < from {
				from = n.Pos() // the loop runs the call again after its body
			}
		}
		return true
	})
	return c.callsStartIn(fun, func(other *ast.CallExpr) bool { return other.Pos() >= from && other != call })
}

// inParallelTest reports whether the function may run in a parallel test:
// it calls t.Parallel (itself or in a subtest), or a function that does
// calls or names it. A function of no declaration (a package-level
// initializer) is parallel when any function is.
func (c *checker) inParallelTest(decl *ast.FuncDecl) bool {
	if c.parallel == nil {
		c.parallel = c.parallelFuncs()
	}
	if decl == nil {
		return len(c.parallel) > 0
	}
	return c.parallel[decl]
}

// parallelFuncs returns the functions that call t.Parallel, and those that
// these call or name, transitively within the package.
func (c *checker) parallelFuncs() map[*ast.FuncDecl]bool {
	info := c.pass.TypesInfo
	decls := make(map[*types.Func]*ast.FuncDecl)
	var work []*ast.FuncDecl
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
				decls[obj] = fd
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Name() == "Parallel" && fn.Pkg() != nil && fn.Pkg().Path() == "testing" {
						work = append(work, fd)
						return false
					}
				}
				return true
			})
		}
	}
	seen := make(map[*ast.FuncDecl]bool)
	for len(work) > 0 {
		fd := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[fd] {
			continue
		}
		seen[fd] = true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if fn, ok := info.Uses[id].(*types.Func); ok {
					if callee := decls[fn.Origin()]; callee != nil && !seen[callee] {
						work = append(work, callee)
					}
				}
			}
			return true
		})
	}
	return seen
}
