package fieldflow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/tmplint/tmplint/internal/fieldflow"
)

// TestMayHandToChild: only code that names a child's file slot (selected,
// keyed, or by position in a literal without keys) may hand a value to a
// child; a field of another struct with the same name does not.
func TestMayHandToChild(t *testing.T) {
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	for _, c := range []struct {
		name, body string
		want       bool
	}{
		{"selected", `func f(c *exec.Cmd, fs []*os.File) { c.ExtraFiles = fs }`, true},
		{"keyed", `func f(w *os.File) *exec.Cmd { return &exec.Cmd{Path: "x", Stdout: w} }`, true},
		{"embedded", `type runner struct{ exec.Cmd }
func f(r *runner, in *os.File) { r.Stdin = in }`, true},
		{"procattr keyed", `func f(fs []*os.File) *os.ProcAttr { return &os.ProcAttr{Files: fs} }`, true},
		{"procattr by position", `func f(fs []*os.File) []os.ProcAttr { return []os.ProcAttr{{"", nil, fs, nil}} }`, true},
		{"read only", `func f(c *exec.Cmd) bool { return c.Stdout == nil }`, true},

		{"other fields", `func f() error { c := exec.Command("x"); c.Dir = "/"; return c.Run() }`, false},
		{"procattr without files", `func f() *os.ProcAttr { return &os.ProcAttr{Dir: "/"} }`, false},
		{"same name elsewhere", `type job struct{ Stdout, ExtraFiles *os.File }
func f(j *job, w *os.File) { j.Stdout = w; j.ExtraFiles = w; _ = exec.Command }`, false},
		{"empty literal", `func f() *exec.Cmd { return &exec.Cmd{} }`, false},
	} {
		src := "package p\nimport (\n\t\"os\"\n\t\"os/exec\"\n)\nvar _ = os.Stdout\nvar _ = exec.Command\n" + c.body + "\n"
		f, err := parser.ParseFile(fset, c.name+".go", src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		info := &types.Info{Types: make(map[ast.Expr]types.TypeAndValue), Uses: make(map[*ast.Ident]types.Object)}
		if _, err := (&types.Config{Importer: imp}).Check("p", fset, []*ast.File{f}, info); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := fieldflow.MayHandToChild(info); got != c.want {
			t.Errorf("%s: MayHandToChild = %v, want %v", c.name, got, c.want)
		}
	}
}
