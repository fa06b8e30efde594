package cloexec

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/tmplint/tmplint/internal/testpar"
)

// In a test, a descriptor without close-on-exec leaks only into a child
// started while it is open: by the test itself after creating it, or by
// another test running at the same time. The first is reported: the
// test's own child holds the copy. The second is strict-only: a child of
// another parallel test holds the copy at most until that child exits,
// and the test binary exits soon after; maintainers do not fix test code
// for it (os, syscall and rclone's file system suites, read in issue 26).
// Test code is a _test.go file, or a function that takes a *testing.T,
// *testing.B, *testing.F or testing.TB: it runs only inside a test (a test
// suite's package, such as a file system's conformance tests).

// quietInTest reports whether the finding at the site, in a _test.go file,
// is strict-only.
func (c *checker) quietInTest(s *site) bool {
	decl, _ := s.fun.(*ast.FuncDecl)
	f := c.pass.Fset.File(s.call.Pos())
	if f == nil || !strings.HasSuffix(f.Name(), "_test.go") && !c.takesTest(decl) {
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

// takesTest reports whether the function has a parameter of a test's type:
// *testing.T, *testing.B, *testing.F or testing.TB.
func (c *checker) takesTest(decl *ast.FuncDecl) bool {
	if decl == nil {
		return false
	}
	fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	return testpar.TakesTestingType(fn.Type().(*types.Signature), false)
}
