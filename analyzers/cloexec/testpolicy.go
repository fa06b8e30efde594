package cloexec

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/testcode"
	"github.com/tmplint/tmplint/internal/testpar"
)

// In a test, a descriptor without close-on-exec leaks only into a child
// started while it is open: by the test itself after creating it, or by
// another test running at the same time. The first is reported: the
// test's own child holds the copy. The second is strict-only: a child of
// another parallel test holds the copy at most until that child exits,
// and the test binary exits soon after; maintainers do not fix test code
// for it (os, syscall and rclone's file system suites, read in issue 26).
// Test code is a _test.go file, a test-support package (one whose non-test
// files use the testing package's types, such as a file system's
// conformance suite; see package testcode), or a function that takes a
// *testing.T, *testing.B, *testing.F or testing.TB: it runs only inside a
// test.

// quietInTest reports whether the finding at the site, in test code, is
// strict-only.
func (c *checker) quietInTest(s *site) bool {
	decl, _ := s.fun.(*ast.FuncDecl)
	if !testcode.At(c.pass, s.call.Pos()) && !c.takesTest(decl) {
		return false
	}
	// The test starts no child after the creation, or only once the
	// descriptor is closed again.
	return !c.startsAfterIn(s.fun, s.call, c.testStarts) || c.closedBefore(s, c.testStarts) || c.handedToOwnChild(s) // ownchild.go
}

// startsAfter reports whether the function may start a process after the
// call: a call later in the function, or anywhere in a loop around the call.
func (c *checker) startsAfter(fun ast.Node, call *ast.CallExpr) bool {
	return c.startsAfterIn(fun, call, c.mayStart)
}

// startsAfterIn is startsAfter with starts as the test of a call.
func (c *checker) startsAfterIn(fun ast.Node, call *ast.CallExpr, starts func(*ast.CallExpr) bool) bool {
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
	return callsIn(fun, func(other *ast.CallExpr) bool { return other.Pos() >= from && other != call && starts(other) })
}

// callsIn reports whether some call under n satisfies pred.
func callsIn(n ast.Node, pred func(*ast.CallExpr) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found && pred(call) {
			found = true
		}
		return !found
	})
	return found
}

// testStarts reports whether a call of a test starts a child itself: a
// child start, TestMain's m.Run when the package's tests start one, a
// function of the package whose body does, a function of a package that
// may. A method called through an interface, or a function value, is the
// code under test, not the test starting a child: in a package that starts
// processes elsewhere, an io.Reader's Read would otherwise count.
func (c *checker) testStarts(call *ast.CallExpr) bool {
	callee, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || callee.Pkg() == nil {
		return false
	}
	if recv := callee.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return false
	}
	if callee.Pkg() == c.pass.Pkg && !isChildStart(callee) {
		decl := c.funcDecl(callee)
		if decl == nil {
			return false
		}
		if v, ok := c.testStartsMemo[callee]; ok {
			return v
		}
		if c.testStartsMemo == nil {
			c.testStartsMemo = make(map[*types.Func]bool)
		}
		c.testStartsMemo[callee] = false // a recursive call adds nothing
		v := callsIn(decl.Body, c.testStarts)
		c.testStartsMemo[callee] = v
		return v
	}
	return c.mayStart(call)
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
