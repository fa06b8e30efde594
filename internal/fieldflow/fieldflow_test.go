package fieldflow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/tmplint/tmplint/internal/fieldflow"
)

const src = `package p

import (
	"os"
	"os/exec"
)

type server struct {
	files []*os.File
	out   *os.File
	given *os.File
	cmd   *exec.Cmd
}

func (s *server) open() error {
	f, err := os.Open("/dev/null")
	if err != nil {
		return err
	}
	s.files = append(s.files, f)
	s.out, err = os.Create("/tmp/out")
	return err
}

func (s *server) set(f *os.File) { s.given = f }

func (s *server) spawn() error {
	c := exec.Command("child")
	c.ExtraFiles = s.files
	c.Stdout = s.out
	s.cmd = c
	return c.Start()
}

func (s *server) stop() {
	for _, f := range s.files {
		f.Close()
	}
	killOnly(s.cmd)
}

func killOnly(c *exec.Cmd) { c.Process.Kill() }

func reap(c *exec.Cmd) error {
	go func() { c.Wait() }()
	return nil
}

func run(c *exec.Cmd) error { return c.Run() }

func keep(c *exec.Cmd) *exec.Cmd { return c }

func startClosing(c *exec.Cmd) error {
	c.WaitDelay = 1
	if err := c.Start(); err != nil {
		return err
	}
	if f, ok := c.Stdout.(*os.File); ok {
		f.Close()
	}
	return nil
}

// Package-level variables, followed with Policy.Globals.
var (
	logFile *os.File
	appCmd  *exec.Cmd
	logs    []*os.File
)

func startApp() error {
	f, err := os.Create("/tmp/app.log")
	if err != nil {
		return err
	}
	logFile = f
	logs = append(logs, f)
	appCmd = exec.Command("app")
	appCmd.Stdout = logFile
	return appCmd.Start()
}

func stopApp() {
	killOnly(appCmd)
	for _, f := range logs {
		f.Close()
	}
}
`

func build(t *testing.T) (*ssa.Package, []*ssa.Function) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok {
			funcs = append(funcs, fn)
			funcs = append(funcs, fn.AnonFuncs...)
		}
	}
	for _, name := range []string{"open", "set", "spawn", "stop"} {
		sel := pkg.Prog.MethodSets.MethodSet(types.NewPointer(pkg.Type("server").Type())).Lookup(pkg.Pkg, name)
		funcs = append(funcs, pkg.Prog.MethodValue(sel))
	}
	return pkg, funcs
}

func TestFields(t *testing.T) {
	pkg, funcs := build(t)
	st := pkg.Type("server").Type().Underlying().(*types.Struct)
	byName := func(name string) *types.Var {
		for f := range st.Fields() {
			if f.Name() == name {
				return f
			}
		}
		t.Fatalf("no field %s", name)
		return nil
	}
	fields := fieldflow.Analyze(pkg, funcs, func(v *types.Var) bool { return true }, fieldflow.Policy{})
	for _, tc := range []struct {
		field            string
		owned, released  bool
		children, stores int
	}{
		{"files", true, true, 1, 1},   // opened, appended, handed to the child, closed by stop
		{"out", true, false, 1, 1},    // created, handed to the child, never closed
		{"given", false, false, 0, 1}, // a parameter's: not owned
		{"cmd", true, false, 0, 1},    // made by exec.Command, only killed (through killOnly)
	} {
		f := fields[byName(tc.field)]
		if f == nil {
			t.Errorf("%s: not followed", tc.field)
			continue
		}
		if f.Owned() != tc.owned || f.Released() != tc.released || len(f.Children) != tc.children || len(f.Stores) != tc.stores {
			t.Errorf("%s: owned %v released %v children %d stores %d, want %v %v %d %d",
				tc.field, f.Owned(), f.Released(), len(f.Children), len(f.Stores), tc.owned, tc.released, tc.children, tc.stores)
		}
	}
}

func TestParam(t *testing.T) {
	pkg, funcs := build(t)
	flow := fieldflow.New(pkg, funcs, fieldflow.Policy{})
	for _, tc := range []struct {
		fn   string
		want fieldflow.Use
	}{
		{"killOnly", fieldflow.Borrows},
		{"reap", fieldflow.Releases}, // a Wait in a goroutine waits
		{"run", fieldflow.Starts | fieldflow.Releases},
		{"keep", fieldflow.Escapes},
		{"startClosing", fieldflow.Starts | fieldflow.ClosesChildFiles | fieldflow.SetsWaitDelay},
	} {
		if got := flow.Param(pkg.Func(tc.fn), 0); got != tc.want {
			t.Errorf("%s: %b, want %b", tc.fn, got, tc.want)
		}
	}
}

func TestGlobals(t *testing.T) {
	pkg, funcs := build(t)
	global := func(name string) *types.Var { return pkg.Pkg.Scope().Lookup(name).(*types.Var) }
	all := func(v *types.Var) bool { return true }
	if fields := fieldflow.Analyze(pkg, funcs, all, fieldflow.Policy{}); fields[global("appCmd")] != nil {
		t.Errorf("appCmd followed without Policy.Globals")
	}
	fields := fieldflow.Analyze(pkg, funcs, all, fieldflow.Policy{Globals: true})
	for _, tc := range []struct {
		name             string
		owned, released  bool
		children, stores int
	}{
		{"logFile", true, false, 1, 1}, // created, handed to the child, never closed
		{"appCmd", true, false, 0, 1},  // made by exec.Command, only killed
		{"logs", true, true, 0, 1},     // appended to, each element closed by stopApp
	} {
		f := fields[global(tc.name)]
		if f == nil {
			t.Errorf("%s: not followed", tc.name)
			continue
		}
		if f.Owned() != tc.owned || f.Released() != tc.released || len(f.Children) != tc.children || len(f.Stores) != tc.stores {
			t.Errorf("%s: owned %v released %v children %d stores %d, want %v %v %d %d",
				tc.name, f.Owned(), f.Released(), len(f.Children), len(f.Stores), tc.owned, tc.released, tc.children, tc.stores)
		}
	}
}
