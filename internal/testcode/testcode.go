// Package testcode tells test code from the code it tests.
//
// Test code is a _test.go file, or any file of a test-support package: a
// package whose non-test files use the testing package's types (*testing.T,
// *testing.B, *testing.F, *testing.M, testing.TB), such as a conformance
// suite that other packages' tests call (x/net's nettest, a file system's
// vfstest, a snapshotter's testsuite). Its code runs only inside a test
// binary. A package that only calls testing.Testing() to learn whether it
// runs under a test is not test support: it is production code.
package testcode

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// At reports whether pos is in test code: a _test.go file, or a file of a
// test-support package.
func At(pass *analysis.Pass, pos token.Pos) bool {
	return InTestFile(pass, pos) || SupportPackage(pass)
}

// InTestFile reports whether pos is in a _test.go file.
func InTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// testingTypes are the testing package's types that only test code holds.
var testingTypes = map[string]bool{"T": true, "B": true, "F": true, "M": true, "TB": true}

// SupportPackage reports whether the package's non-test files use a type
// of the testing package.
func SupportPackage(pass *analysis.Pass) bool {
	for _, file := range pass.Files {
		if InTestFile(pass, file.Pos()) || !importsTesting(file) {
			continue
		}
		found := false
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || found {
				return !found
			}
			if x, ok := sel.X.(*ast.Ident); ok && testingTypes[sel.Sel.Name] {
				if pkg, ok := pass.TypesInfo.Uses[x].(*types.PkgName); ok && pkg.Imported().Path() == "testing" {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// importsTesting reports whether the file imports the testing package.
func importsTesting(file *ast.File) bool {
	for _, spec := range file.Imports {
		if path, err := strconv.Unquote(spec.Path.Value); err == nil && path == "testing" {
			return true
		}
	}
	return false
}
