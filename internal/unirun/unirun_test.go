package unirun

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/go/loader"
	"honnef.co/go/tools/lintcmd/cache"
)

// marked is the fact that a function's name starts with "Mark", or that it
// calls such a function: it travels from package to package.
type marked struct{}

func (*marked) AFact()         {}
func (*marked) String() string { return "marked" }

// passes counts the packages markcalls has analyzed, to tell a run that
// answers from the cache from one that does not.
var passes atomic.Int64

// markcalls exports marked for the functions it applies to and reports
// every call of a marked function, whichever package declares it.
var markcalls = &analysis.Analyzer{
	Name:      "markcalls",
	Doc:       "report calls of functions marked in any package",
	FactTypes: []analysis.Fact{new(marked)},
	Run: func(pass *analysis.Pass) (any, error) {
		passes.Add(1)
		isMarked := func(fn *types.Func) bool {
			return pass.ImportObjectFact(fn, new(marked))
		}
		for _, f := range pass.Files {
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				calls := false
				ast.Inspect(fd, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok {
						if id, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
							if callee, ok := pass.TypesInfo.Uses[id.Sel].(*types.Func); ok && isMarked(callee) {
								calls = true
								pass.Reportf(call.Pos(), "call of marked %s.%s", callee.Pkg().Name(), callee.Name())
							}
						}
					}
					return true
				})
				if strings.HasPrefix(fn.Name(), "Mark") || calls {
					pass.ExportObjectFact(fn, new(marked))
				}
			}
		}
		return nil, nil
	},
}

// fixture is a module whose facts cross packages, and cross the test
// variants that a's external test makes of a and of b, which imports it.
var fixture = map[string]string{
	"go.mod":         "module example.com/m\n\ngo 1.22\n",
	"a/a.go":         "package a\n\nfunc MarkA() {}\n\nfunc Plain() {}\n",
	"a/a_in_test.go": "package a\n\nfunc MarkInTest() {}\n",
	"a/a_test.go":    "package a_test\n\nimport (\n\t\"example.com/m/a\"\n\t\"example.com/m/b\"\n)\n\nfunc use() {\n\ta.MarkInTest()\n\tb.Wraps()\n\ta.Plain()\n}\n",
	"b/b.go":         "package b\n\nimport \"example.com/m/a\"\n\n//go:noinline\nfunc Wraps() { a.MarkA() }\n",
	"c/c.go":         "package c\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/m/b\"\n)\n\n//go:noinline\nfunc Use() { b.Wraps(); fmt.Println() }\n",
	"d/d.go":         "package d\n\nimport \"example.com/m/c\"\n\nfunc Use() { c.Use() }\n",
}

func writeFixture(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// findings runs markcalls over the fixture and returns its diagnostics as
// "file:line: message (package ID)", sorted, and its errors.
func findings(t *testing.T, dir string, c cache.Cache) ([]string, []string) {
	t.Helper()
	cfg := &packages.Config{Dir: dir, Tests: true}
	results, err := Run(cfg, []*analysis.Analyzer{markcalls}, []string{"./..."}, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got, errs []string
	for _, r := range results {
		for _, e := range r.Errors {
			errs = append(errs, fmt.Sprintf("%s: %v", r.Package.ID, e))
		}
		for _, d := range r.Diagnostics {
			rel, _ := filepath.Rel(dir, d.Position.Filename)
			got = append(got, fmt.Sprintf("%s:%d: %s (%s, %s)", filepath.ToSlash(rel), d.Position.Line, d.Message, r.Package.ID, d.Analyzer))
		}
	}
	slices.Sort(got)
	return got, errs
}

func TestFactsCrossPackagesAndTestVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("lists packages with the go command")
	}
	dir := writeFixture(t, fixture)
	got, errs := findings(t, dir, nil)
	if len(errs) > 0 {
		t.Fatalf("errors: %q", errs)
	}
	want := []string{
		"a/a_test.go:9: call of marked a.MarkInTest (example.com/m/a_test [example.com/m/a.test], markcalls)",
		"a/a_test.go:10: call of marked b.Wraps (example.com/m/a_test [example.com/m/a.test], markcalls)",
		"b/b.go:6: call of marked a.MarkA (example.com/m/b, markcalls)",
		"c/c.go:10: call of marked b.Wraps (example.com/m/c, markcalls)",
		"d/d.go:5: call of marked c.Use (example.com/m/d, markcalls)",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStatsCountAskedPackages: the progress counts the packages the
// patterns match, a package and its test variants as one, apart from
// the dependencies.
func TestStatsCountAskedPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("lists packages with the go command")
	}
	dir := writeFixture(t, fixture)
	var stats Stats
	cfg := &packages.Config{Dir: dir, Tests: true}
	if _, err := Run(cfg, []*analysis.Analyzer{markcalls}, []string{"./b", "./d"}, nil, &stats); err != nil {
		t.Fatal(err)
	}
	if stats.Asked() != 2 || stats.Answered() != 2 || stats.Total() <= 2 || stats.Done() != stats.Total() {
		t.Errorf("asked %d, answered %d, total %d, done %d; want 2 asked and answered among more", stats.Asked(), stats.Answered(), stats.Total(), stats.Done())
	}
	stats = Stats{}
	if _, err := Run(cfg, []*analysis.Analyzer{markcalls}, []string{"./a"}, nil, &stats); err != nil {
		t.Fatal(err)
	}
	if stats.Asked() != 1 || stats.Answered() != 1 {
		t.Errorf("./a with its test variants: asked %d, answered %d; want 1", stats.Asked(), stats.Answered())
	}
}

// TestCache: a warm run answers every package from the cache with the
// cold run's diagnostics; an edit that changes only a dependency's facts
// makes its dependents be analyzed again.
func TestCache(t *testing.T) {
	if testing.Short() {
		t.Skip("lists packages with the go command")
	}
	dir := writeFixture(t, fixture)
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cold, _ := findings(t, dir, c)
	passes.Store(0)
	warm, _ := findings(t, dir, c)
	if n := passes.Load(); n != 0 {
		t.Errorf("the warm run analyzed %d packages, want 0", n)
	}
	if !slices.Equal(cold, warm) {
		t.Errorf("warm run:\n%s\ncold run:\n%s", strings.Join(warm, "\n"), strings.Join(cold, "\n"))
	}

	// b's body now calls an unmarked function: b's facts change, and so
	// do c's, which d sees.
	if err := os.WriteFile(filepath.Join(dir, "b", "b.go"), []byte("package b\n\nimport \"example.com/m/a\"\n\n//go:noinline\nfunc Wraps() { a.Plain() }\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	edited, _ := findings(t, dir, c)
	for _, f := range edited {
		if strings.Contains(f, "b.Wraps") || strings.Contains(f, "a.MarkA") || strings.Contains(f, "c.Use") {
			t.Errorf("after b stopped calling a marked function: %s", f)
		}
	}
	if len(edited) != 1 {
		t.Errorf("after the edit: %q, want only a_test's call of a.MarkInTest", edited)
	}
}

// TestBrokenPackage: a package that does not type-check is an error of
// that package; its dependents fail without errors of their own, and
// the rest of the graph is analyzed.
func TestBrokenPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("lists packages with the go command")
	}
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n\nfunc MarkA() {}\n",
		"b/b.go": "package b\n\nfunc Wraps() int { return \"not an int\" }\n",
		"c/c.go": "package c\n\nimport \"example.com/m/b\"\n\nfunc Use() { b.Wraps() }\n",
		"d/d.go": "package d\n\nimport \"example.com/m/a\"\n\nfunc Use() { a.MarkA() }\n",
	}
	dir := writeFixture(t, files)
	results, err := Run(&packages.Config{Dir: dir}, []*analysis.Analyzer{markcalls}, []string{"./..."}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	byPath := make(map[string]Result)
	for _, r := range results {
		byPath[r.Package.PkgPath] = r
	}
	if b := byPath["example.com/m/b"]; !b.Failed || len(b.Errors) == 0 {
		t.Errorf("b: failed %v, errors %v; want failed with its type error", b.Failed, b.Errors)
	}
	if c := byPath["example.com/m/c"]; !c.Failed || len(c.Errors) != 0 {
		t.Errorf("c: failed %v, errors %v; want failed, no errors of its own", c.Failed, c.Errors)
	}
	if d := byPath["example.com/m/d"]; d.Failed || len(d.Diagnostics) != 1 {
		t.Errorf("d: failed %v, diagnostics %v; want one", d.Failed, d.Diagnostics)
	}
}

// TestKeyFollowsDependencyFacts: a package's cache key changes with the
// facts of a dependency even when the go command's hash of the package
// does not (its hash covers its dependencies' compiled output, which
// need not change when their facts do).
func TestKeyFollowsDependencyFacts(t *testing.T) {
	r := &run{all: []*analysis.Analyzer{markcalls}, factOnly: []*analysis.Analyzer{markcalls}}
	dep := &node{spec: &loader.PackageSpec{ID: "dep", PkgPath: "dep"}, facts: []byte("one")}
	dep.factsHash = factsHash(dep)
	pkg := &node{spec: &loader.PackageSpec{ID: "pkg", PkgPath: "pkg"}, deps: []*node{dep}}
	before := r.key(pkg)
	dep.facts = []byte("two")
	dep.factsHash = factsHash(dep)
	if r.key(pkg) == before {
		t.Error("the key did not change with the dependency's facts")
	}
	factsOnly := r.key(pkg)
	pkg.initial = true
	if r.key(pkg) == factsOnly {
		t.Error("the key of an initial package is that of a dependency")
	}
}
