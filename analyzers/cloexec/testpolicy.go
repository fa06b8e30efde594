package cloexec

import (
	"go/ast"
	"strings"

	"github.com/tmplint/tmplint/internal/testpar"
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
		c.parallel = testpar.Funcs(c.pass.TypesInfo, c.pass.Files)
	}
	if decl == nil {
		return len(c.parallel) > 0
	}
	return c.parallel[decl]
}
