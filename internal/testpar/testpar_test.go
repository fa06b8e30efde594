package testpar_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"github.com/tmplint/tmplint/internal/testpar"
)

func TestFuncs(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a_test.go", `package a
import "testing"
func TestSerial(t *testing.T) { serialHelper() }
func TestParallel(t *testing.T) { t.Parallel(); helper(); _ = named }
func TestSubtest(t *testing.T) { t.Run("x", func(t *testing.T) { t.Parallel() }) }
func helper() { deeper() }
func deeper() {}
func named() {}
func serialHelper() {}
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("a", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	for fd := range testpar.Funcs(info, []*ast.File{f}) {
		got = append(got, fd.Name.Name)
	}
	sort.Strings(got)
	if want := "TestParallel TestSubtest deeper helper named"; strings.Join(got, " ") != want {
		t.Errorf("Funcs = %v, want %s", got, want)
	}
}
