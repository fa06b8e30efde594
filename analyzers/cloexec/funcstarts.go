package cloexec

import (
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Whether a call may start a process was judged by the callee's package:
// any function of a package that imports os/exec, directly or not, might.
// A test helper package that runs a command somewhere (and so imports
// os/exec) then made every one of its assertions a possible start, and a
// test's descriptor, closed right after an assertion, was reported as if a
// child could inherit it (restic's rtest.OK, audit33). A package that may
// start a process now says which of its exported functions and methods
// may (startsProcessFunc, from their bodies, the calls they make judged
// the same way); a call of one without the fact starts none.
//
// A method of an interface that only its own standard package can
// implement (an unexported method seals it: testing.TB) runs that
// package's code: it starts a process only if the package may.

// startsProcessFunc is the fact of an exported function or method, of a
// package with the startsProcess fact, whose call may start a process.
type startsProcessFunc struct{}

func (*startsProcessFunc) AFact()         {}
func (*startsProcessFunc) String() string { return "startsProcessFunc" }

// exportFuncStarts exports the startsProcessFunc facts of the package's
// exported functions and methods.
func (c *checker) exportFuncStarts() {
	for _, file := range c.pass.Files {
		if isTestFile(c.pass, file.Pos()) {
			continue // nothing imports a test file's functions
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && c.bodyStarts(fn) {
				c.pass.ExportObjectFact(fn, new(startsProcessFunc))
			}
		}
	}
}

// calleeStarts reports whether a call of fn, of another package, may start
// a process: its package may, and, when the package says which of its
// functions may, fn is one of them.
func (c *checker) calleeStarts(fn *types.Func) bool {
	pkg := fn.Pkg()
	if !importStarts(c.pass, pkg) {
		return false
	}
	if path := pkg.Path(); path == "C" || pkgtypes.IsStd(path) || xsys(path) {
		return true
	}
	var f startsProcess
	if c.pass.ImportPackageFact(pkg, &f) && f.Funcs {
		return c.pass.ImportObjectFact(fn.Origin(), new(startsProcessFunc))
	}
	return true
}

// sealedStd reports whether the interface method belongs to an interface
// of a standard package that may start no process, sealed by an unexported
// method: only that package implements it.
func sealedStd(method *types.Func) bool {
	pkg := method.Pkg()
	if pkg == nil || !pkgtypes.IsStd(pkg.Path()) || stdStarts[pkg.Path()] {
		return false
	}
	recv := method.Type().(*types.Signature).Recv()
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := range iface.NumMethods() {
		if !iface.Method(i).Exported() {
			return true
		}
	}
	return false
}
