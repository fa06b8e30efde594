package cloexec

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A descriptor leaks into a child only if a process is started while it is
// open. mayStart answers, for one call, whether the call may start one:
// a call of os/exec, os.StartProcess, syscall.ForkExec and the like, a call
// into a package that may start one (the startsProcess fact, or the
// standard library's list), a call of a function of this package whose body
// may, and a call whose callee is not known (an interface method, a function
// value) when the package or its imports may start a process at all.

// window holds the per-package memos of the questions about what may run
// while a descriptor is open.
type window struct {
	decls     map[*types.Func]*ast.FuncDecl // the package's function declarations
	funStarts map[*types.Func]bool          // memo of bodyStarts per declared function
	// testStartsMemo memoizes testStarts per declared function.
	testStartsMemo map[*types.Func]bool
	ownStarts      *bool // memo of callsStart (window.go)
}

// mayStart reports whether the call may start a process.
func (c *checker) mayStart(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return false
	case *types.Func:
		if callee.Pkg() == nil {
			return false // error.Error
		}
		if isChildStart(callee) {
			return true
		}
		sig := callee.Type().(*types.Signature)
		if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
			if sealedStd(callee) {
				return false // testing.TB: only the testing package implements it
			}
			return c.starts // any implementation may run
		}
		path := callee.Pkg().Path()
		if (path == syscallPath || path == unixPath) && rawSyscalls[callee.Name()] && len(call.Args) > 0 {
			return rawStart(c.pass, callee.Pkg(), call.Args[0])
		}
		if path == "testing" && callee.Name() == "Run" && sig.Recv() != nil && isNamed(sig.Recv().Type(), "testing", "M") {
			// TestMain's m.Run runs every test of the package.
			return c.starts
		}
		if callee.Pkg() == c.pass.Pkg {
			return c.bodyStarts(callee)
		}
		return c.calleeStarts(callee) // funcstarts.go
	case nil:
		if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit {
			return false // its body is part of the enclosing function
		}
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			return false // a conversion
		}
		return c.starts
	default: // a function value
		return c.starts
	}
}

// bodyStarts reports whether the function, declared in this package, may
// start a process: whether a call in its body may.
func (c *checker) bodyStarts(fn *types.Func) bool {
	fn = fn.Origin()
	if v, ok := c.funStarts[fn]; ok {
		return v
	}
	decl := c.funcDecl(fn)
	if decl == nil {
		return c.starts // no body here (assembly, linkname)
	}
	if c.funStarts == nil {
		c.funStarts = make(map[*types.Func]bool)
	}
	c.funStarts[fn] = false // a recursive call adds nothing
	v := c.callsStartIn(decl.Body, nil)
	c.funStarts[fn] = v
	return v
}

// funcDecl returns the declaration, with a body, of a function of the
// package; nil if it has none here.
func (c *checker) funcDecl(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = make(map[*types.Func]*ast.FuncDecl)
		for _, file := range c.pass.Files {
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
					}
				}
			}
		}
	}
	return c.decls[fn.Origin()]
}

// callsStartIn reports whether a call in the node, for which from is nil or
// reports true, may start a process.
func (c *checker) callsStartIn(n ast.Node, from func(*ast.CallExpr) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && (from == nil || from(call)) && c.mayStart(call) {
			found = true
		}
		return !found
	})
	return found
}

func isNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}
