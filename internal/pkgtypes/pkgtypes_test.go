package pkgtypes_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

func TestPkgtypes(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", `package a
import ("os"; "os/exec")
type File = os.File
var (
	F *os.File
	A *File
	V os.File
	C *exec.Cmd
)
func G[T any, S ~[]string](T, []T, *T, S, []string) {}`, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("a", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !pkgtypes.ImportsAny(pkg, "syscall", "os/exec") || pkgtypes.ImportsAny(pkg, "syscall") || pkgtypes.ImportsAny(nil, "os") {
		t.Error("ImportsAny is wrong")
	}
	typ := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	for name, want := range map[string]bool{"F": true, "A": true, "V": false, "C": false} {
		if got := pkgtypes.IsOSFile(typ(name)); got != want {
			t.Errorf("IsOSFile(%s) = %v, want %v", name, got, want)
		}
	}
	if !pkgtypes.IsNamed(typ("V"), "os", "File") || pkgtypes.IsNamed(typ("F"), "os", "File") {
		t.Error("IsNamed is wrong")
	}
	if got := pkgtypes.FieldName(typ("C"), 0); got != "Path" {
		t.Errorf("FieldName(*exec.Cmd, 0) = %q, want Path", got)
	}
	if got := pkgtypes.FieldName(typ("C").(*types.Pointer).Elem(), 1); got != "Args" {
		t.Errorf("FieldName(exec.Cmd, 1) = %q, want Args", got)
	}
	if got := pkgtypes.FieldName(typ("C"), 1000); got != "" {
		t.Errorf("FieldName(*exec.Cmd, 1000) = %q, want none", got)
	}
	if got := pkgtypes.FieldName(types.Typ[types.Int], 0); got != "" {
		t.Errorf("FieldName(int, 0) = %q, want none", got)
	}
	params := typ("G").(*types.Signature).Params()
	for i, want := range []bool{true, true, true, true, false} {
		if got := pkgtypes.OfTypeParam(params.At(i).Type()); got != want {
			t.Errorf("OfTypeParam(%s) = %v, want %v", params.At(i).Type(), got, want)
		}
	}
	if pkgtypes.OfTypeParam(typ("F")) {
		t.Error("OfTypeParam(*os.File) = true")
	}
}
