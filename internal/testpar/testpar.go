// Package testpar tells which functions of a package may run in a parallel
// test. Tests run one at a time unless they call t.Parallel, so what a
// test that is not parallel does (clear the umask, make a descriptor that
// children would inherit) cannot reach another test.
package testpar

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Funcs returns the function declarations of the files that may run in a
// parallel test: those that call (*testing.T).Parallel, themselves or in a
// subtest's function literal, and those that these call or name,
// transitively within the package.
func Funcs(info *types.Info, files []*ast.File) map[*ast.FuncDecl]bool {
	decls := make(map[*types.Func]*ast.FuncDecl)
	var work []*ast.FuncDecl
	for _, file := range files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
				decls[obj] = fd
			}
			if callsParallel(info, fd.Body) {
				work = append(work, fd)
			}
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

// callsParallel reports whether the node calls Parallel of package testing.
func callsParallel(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Name() == "Parallel" && fn.Pkg() != nil && fn.Pkg().Path() == "testing" {
				found = true
			}
		}
		return !found
	})
	return found
}

// InScope returns a variable of a test's type (*testing.T, *testing.B,
// *testing.F or testing.TB) declared before pos in a scope around it (a
// parameter of an enclosing function), or nil: the test that a hint can
// name ("t.TempDir()").
func InScope(pkg *types.Package, pos token.Pos) *types.Var {
	pkgScope := pkg.Scope()
	for s := pkgScope.Innermost(pos); s != nil && s != pkgScope && s != types.Universe; s = s.Parent() {
		for _, n := range s.Names() {
			if v, ok := s.Lookup(n).(*types.Var); ok && v.Pos() < pos && IsTestingType(v.Type(), false) {
				return v
			}
		}
	}
	return nil
}

// IsTestingType reports whether t is a test's type: *testing.T, *testing.B,
// *testing.F or testing.TB, and, when main is set, *testing.M (TestMain).
func IsTestingType(t types.Type, main bool) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" {
		return false
	}
	switch n.Obj().Name() {
	case "T", "B", "F", "TB":
		return true
	case "M":
		return main
	}
	return false
}

// TakesTestingType reports whether the signature has a parameter of a
// test's type (IsTestingType): the function is test code wherever it is
// declared, as a test suite's helpers are.
func TakesTestingType(sig *types.Signature, main bool) bool {
	params := sig.Params()
	for i := range params.Len() {
		if IsTestingType(params.At(i).Type(), main) {
			return true
		}
	}
	return false
}
