package analyzers_test

// Bazel nogo compatibility.
//
// nogo (rules_go) runs analyzers one package at a time, like go vet's unit
// protocol: facts cross package boundaries only through encoding/gob, facts
// on objects that objectpath cannot name are lost on the way, the standard
// library may be compiled without analysis (so its facts are missing), and
// the driver provides no file access beyond the package's Go files. These
// tests run every analyzer of the suite through a minimal driver that
// behaves that way, over the packages in testdata/src/nogo.

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/tmplint/tmplint/analyzers"
)

// nogoAnalyzers is the suite under test.
func nogoAnalyzers() []*analysis.Analyzer { return append(analyzers.All(), nogoExtra...) }

// nogoExtra lets a developer add analyzers not yet in the suite while
// working on them (from a scratch _test.go file that is not committed).
var nogoExtra []*analysis.Analyzer

// nogoPackages are the unrelated packages compared alone and together.
var nogoPackages = []string{"nogo/a", "nogo/b", "nogo/c"}

// TestNogoOneAnalyzerPerPackage checks that every analyzer package exports
// exactly one *analysis.Analyzer, named Analyzer, as nogo's generated
// configuration expects (`"…/analyzers/NAME": Analyzer`).
func TestNogoOneAnalyzerPerPackage(t *testing.T) {
	dirs, err := filepath.Glob("*/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range dirs {
		dir := filepath.Dir(doc)
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
		if err != nil {
			t.Fatal(err)
		}
		var exported []string
		for _, p := range pkgs {
			for _, f := range p.Files {
				for _, d := range f.Decls {
					gd, ok := d.(*ast.GenDecl)
					if !ok || gd.Tok != token.VAR {
						continue
					}
					for _, spec := range gd.Specs {
						vs := spec.(*ast.ValueSpec)
						for i, name := range vs.Names {
							if !name.IsExported() {
								continue
							}
							isAnalyzer := vs.Type != nil && types.ExprString(vs.Type) == "*analysis.Analyzer"
							if i < len(vs.Values) {
								s := types.ExprString(vs.Values[i])
								isAnalyzer = isAnalyzer || strings.HasPrefix(s, "&analysis.Analyzer{")
							}
							if isAnalyzer {
								exported = append(exported, name.Name)
							}
						}
					}
				}
			}
		}
		if !slices.Equal(exported, []string{"Analyzer"}) {
			t.Errorf("package %s exports analyzers %v, want exactly [Analyzer]", dir, exported)
		}
	}
}

// TestNogoValidate checks each analyzer alone against analysis.Validate, as
// nogo does when it builds its checker.
func TestNogoValidate(t *testing.T) {
	for _, a := range nogoAnalyzers() {
		if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
	}
}

// TestNogoFactTypesGob checks that every fact type of every analyzer and
// of what it requires round-trips through encoding/gob as an interface
// value, as unitchecker and nogo encode them. (Facts produced on real code
// are round-tripped by the driver in TestNogoDriver.)
func TestNogoFactTypesGob(t *testing.T) {
	for _, ft := range factTypes(nogoAnalyzers()) {
		gob.Register(ft)
		in := reflect.New(reflect.TypeOf(ft).Elem()).Interface().(analysis.Fact)
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode([]analysis.Fact{in}); err != nil {
			t.Errorf("%T: encoding: %v", ft, err)
			continue
		}
		var out []analysis.Fact
		if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
			t.Errorf("%T: decoding: %v", ft, err)
			continue
		}
		if len(out) != 1 || !reflect.DeepEqual(in, out[0]) {
			t.Errorf("%T: round trip gave %#v, want %#v", ft, out, in)
		}
		if _, ok := ft.(fmt.Stringer); !ok {
			t.Errorf("%T: a fact type should have a String method", ft)
		}
	}
}

// factTypes returns the fact types of as and of everything they require,
// each once.
func factTypes(as []*analysis.Analyzer) []analysis.Fact {
	seen := make(map[*analysis.Analyzer]bool)
	seenType := make(map[reflect.Type]bool)
	var out []analysis.Fact
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, ft := range a.FactTypes {
			if t := reflect.TypeOf(ft); !seenType[t] {
				seenType[t] = true
				out = append(out, ft)
			}
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

// TestNogoDriver runs every analyzer through the nogo-like driver on all
// the test packages: no analyzer may fail or panic with the standard
// library's facts withheld, read a file, or rely on OtherFiles, and every
// fact it exports must survive encoding/gob.
func TestNogoDriver(t *testing.T) {
	pkgs := loadNogo(t, nogoPackages...)
	for _, a := range nogoAnalyzers() {
		d := newNogoDriver(pkgs)
		for _, p := range nogoRoots(pkgs, nogoPackages) {
			d.exec(a, p)
		}
		for _, err := range d.errs {
			t.Errorf("%s: %v", a.Name, err)
		}
		for _, f := range d.readFiles {
			t.Errorf("%s: called pass.ReadFile(%s)", a.Name, f)
		}
		if len(d.diags[a.Name]) == 0 {
			t.Errorf("%s: no findings on %v; the testdata should give every analyzer something to report", a.Name, nogoPackages)
		}
		t.Logf("%s: %d findings, %d facts round-tripped through gob, %d dropped (no object path)",
			a.Name, len(d.diags[a.Name]), d.factsEncoded, d.factsDropped)
		for _, dg := range d.diags[a.Name] {
			t.Logf("\t%s: %s", dg.pkg, dg.text)
		}
	}
}

// TestNogoNoGlobalState runs each test package alone, in a process of its
// own (this test binary, re-executed), and compares the findings with a run
// of all of them in this process, in both orders: an analyzer that kept
// state in globals would report differently.
func TestNogoNoGlobalState(t *testing.T) {
	if len(nogoAnalyzers()) == 0 {
		t.Skip("no analyzers in the suite yet")
	}
	alone := make(map[string]map[string][]string) // package → analyzer → findings
	for _, p := range nogoPackages {
		cmd := exec.Command(os.Args[0], "-test.run=^TestNogoChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "TMPLINT_NOGO_CHILD="+p)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child for %s: %v\n%s", p, err, out)
		}
		_, js, ok := bytes.Cut(out, []byte("NOGO-RESULT "))
		if !ok {
			t.Fatalf("child for %s printed no result:\n%s", p, out)
		}
		js, _, _ = bytes.Cut(js, []byte("\n"))
		var res map[string][]string
		if err := json.Unmarshal(js, &res); err != nil {
			t.Fatal(err)
		}
		alone[p] = res
	}

	pkgs := loadNogo(t, nogoPackages...)
	orders := [][]string{nogoPackages, slices.Clone(nogoPackages)}
	slices.Reverse(orders[1])
	for _, order := range orders {
		together := make(map[string]map[string][]string)
		for _, a := range nogoAnalyzers() {
			d := newNogoDriver(pkgs) // one driver, all packages: one process
			for _, p := range nogoRoots(pkgs, order) {
				d.exec(a, p)
			}
			for _, p := range order {
				if together[p] == nil {
					together[p] = make(map[string][]string)
				}
				together[p][a.Name] = d.diagsIn(a.Name, p)
			}
		}
		for _, p := range order {
			for _, a := range nogoAnalyzers() {
				got, want := together[p][a.Name], alone[p][a.Name]
				if !slices.Equal(got, want) {
					t.Errorf("%s on %s: findings differ between a run alone and a run after other packages (order %v):\nalone:    %q\ntogether: %q",
						a.Name, p, order, want, got)
				}
			}
		}
	}
}

// TestNogoStdFactsWithheld compares each analyzer's findings when the
// standard library's facts are withheld (nogo may compile std without
// analysis) with its findings when std is analyzed too. They must agree:
// what an analyzer must know about std (os.Exit and log.Fatal never
// return, os.Remove removes its argument) has to be written down, not
// derived from facts that some drivers never produce.
//
// stdFactsKnownIssues lists analyzers whose dependence on std facts is
// known and being fixed: their difference is logged, not failed. Remove
// an entry once the analyzer agrees with itself.
var stdFactsKnownIssues = map[string]string{
	// None: tempcleanup's os.Exit rule used to need ctrlflow's facts about
	// package os; the calls that end the process are now written down in
	// internal/pathflow.
}

func TestNogoStdFactsWithheld(t *testing.T) {
	pkgs := loadNogo(t, nogoPackages...)
	for _, a := range nogoAnalyzers() {
		withheld := newNogoDriver(pkgs)
		full := newNogoDriver(pkgs)
		full.withStd = true
		for _, p := range nogoRoots(pkgs, nogoPackages) {
			withheld.exec(a, p)
			full.exec(a, p)
		}
		for _, err := range full.errs {
			t.Logf("%s with std analyzed: %v", a.Name, err)
		}
		for _, p := range nogoPackages {
			got, want := withheld.diagsIn(a.Name, p), full.diagsIn(a.Name, p)
			if !slices.Equal(got, want) {
				report := t.Errorf
				if why, ok := stdFactsKnownIssues[a.Name]; ok {
					t.Logf("KNOWN ISSUE (%s):", why)
					report = t.Logf
				}
				report("%s on %s: findings depend on facts about the standard library, which nogo may not provide; write that knowledge down\nwith std facts:    %q\nwithout std facts: %q",
					a.Name, p, want, got)
			}
		}
	}
}

// TestNogoChild is the child process of TestNogoNoGlobalState.
func TestNogoChild(t *testing.T) {
	p := os.Getenv("TMPLINT_NOGO_CHILD")
	if p == "" {
		t.Skip("run by TestNogoNoGlobalState")
	}
	pkgs := loadNogo(t, p)
	res := make(map[string][]string)
	for _, a := range nogoAnalyzers() {
		d := newNogoDriver(pkgs)
		for _, root := range nogoRoots(pkgs, []string{p}) {
			d.exec(a, root)
		}
		res[a.Name] = d.diagsIn(a.Name, p)
	}
	js, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("NOGO-RESULT %s\n", js)
}

// loadNogo loads the test packages, GOPATH-style as analysistest does,
// with syntax and types for every dependency.
func loadNogo(t *testing.T, patterns ...string) []*packages.Package {
	t.Helper()
	key := strings.Join(patterns, " ")
	if pkgs, ok := nogoLoaded[key]; ok {
		return pkgs
	}
	testdata, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   testdata,
		Tests: false,
		Env:   append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	var all []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) { all = append(all, p) })
	for _, p := range all {
		for _, e := range p.Errors {
			t.Fatalf("loading %s: %v", p.PkgPath, e)
		}
	}
	nogoLoaded[key] = all
	return all
}

// nogoLoaded caches loadNogo's packages: the drivers only read them.
var nogoLoaded = make(map[string][]*packages.Package)

func nogoRoots(all []*packages.Package, paths []string) []*packages.Package {
	var out []*packages.Package
	for _, path := range paths {
		for _, p := range all {
			if p.PkgPath == path {
				out = append(out, p)
			}
		}
	}
	return out
}

// isStd reports whether the package is in the standard library: its path's
// first element has no dot, and it is not a test package.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != "nogo"
}

// A nogoDriver runs analyzers package by package as nogo does.
type nogoDriver struct {
	byPath  map[string]*packages.Package
	fset    *token.FileSet
	results map[actionKey]*actionResult
	// facts visible to importers, after a gob round trip: per analyzer.
	objFacts map[*analysis.Analyzer]map[objFactKey]analysis.Fact
	pkgFacts map[*analysis.Analyzer]map[pkgFactKey]analysis.Fact

	withStd      bool                    // analyze std too, and import its facts
	diags        map[string][]diagnostic // analyzer → findings
	errs         []error
	readFiles    []string
	factsEncoded int
	factsDropped int
}

type actionKey struct {
	a   *analysis.Analyzer
	pkg *packages.Package
}

type actionResult struct {
	v   any
	err error
}

type objFactKey struct {
	obj types.Object
	t   reflect.Type
}

type pkgFactKey struct {
	pkg *types.Package
	t   reflect.Type
}

type diagnostic struct {
	pkg, text string
}

func newNogoDriver(all []*packages.Package) *nogoDriver {
	d := &nogoDriver{
		byPath:   make(map[string]*packages.Package),
		results:  make(map[actionKey]*actionResult),
		objFacts: make(map[*analysis.Analyzer]map[objFactKey]analysis.Fact),
		pkgFacts: make(map[*analysis.Analyzer]map[pkgFactKey]analysis.Fact),
		diags:    make(map[string][]diagnostic),
	}
	for _, p := range all {
		d.byPath[p.PkgPath] = p
		d.fset = p.Fset
	}
	return d
}

// diagsIn returns the findings of the analyzer in the package, formatted
// with file base names, sorted.
func (d *nogoDriver) diagsIn(analyzer, pkg string) []string {
	out := []string{}
	for _, dg := range d.diags[analyzer] {
		if dg.pkg == pkg {
			out = append(out, dg.text)
		}
	}
	sort.Strings(out)
	return out
}

// exec runs analyzer a on pkg (once), after what it requires and, if it
// has facts, after itself on every non-standard dependency.
func (d *nogoDriver) exec(a *analysis.Analyzer, pkg *packages.Package) (any, error) {
	key := actionKey{a, pkg}
	if r, ok := d.results[key]; ok {
		return r.v, r.err
	}
	r := &actionResult{}
	d.results[key] = r
	if isStd(pkg.PkgPath) && !d.withStd {
		r.err = errors.New("standard library not analyzed")
		return nil, r.err
	}
	if len(a.FactTypes) > 0 {
		var imps []string
		for path := range pkg.Imports {
			imps = append(imps, path)
		}
		sort.Strings(imps)
		for _, path := range imps {
			if imp := pkg.Imports[path]; d.withStd || !isStd(imp.PkgPath) {
				d.exec(a, imp)
			}
		}
	}
	inputs := make(map[*analysis.Analyzer]any)
	for _, req := range a.Requires {
		v, err := d.exec(req, pkg)
		if err != nil {
			r.err = fmt.Errorf("%s failed: %v", req.Name, err)
			return nil, r.err
		}
		inputs[req] = v
	}
	r.v, r.err = d.run(a, pkg, inputs)
	if r.err != nil {
		d.errs = append(d.errs, fmt.Errorf("%s on %s: %v", a.Name, pkg.PkgPath, r.err))
	}
	return r.v, r.err
}

func (d *nogoDriver) run(a *analysis.Analyzer, pkg *packages.Package, inputs map[*analysis.Analyzer]any) (v any, err error) {
	if d.objFacts[a] == nil {
		d.objFacts[a] = make(map[objFactKey]analysis.Fact)
		d.pkgFacts[a] = make(map[pkgFactKey]analysis.Fact)
	}
	// Facts of this package, visible within it as exported; encoded for
	// importers when the pass ends.
	localObj := make(map[objFactKey]analysis.Fact)
	localPkg := make(map[pkgFactKey]analysis.Fact)
	factType := func(f analysis.Fact) reflect.Type {
		t := reflect.TypeOf(f)
		if !slices.ContainsFunc(a.FactTypes, func(ft analysis.Fact) bool { return reflect.TypeOf(ft) == t }) {
			panic(fmt.Sprintf("%s: fact type %s not in FactTypes", a.Name, t))
		}
		return t
	}
	withheld := func(p *types.Package) bool { return p == nil || !d.withStd && isStd(p.Path()) }
	copyFact := func(dst, src analysis.Fact) {
		reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
	}
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         pkg.Fset,
		Files:        pkg.Syntax,
		OtherFiles:   nil, // nogo gives no non-Go files
		IgnoredFiles: nil,
		Pkg:          pkg.Types,
		TypesInfo:    pkg.TypesInfo,
		TypesSizes:   pkg.TypesSizes,
		TypeErrors:   pkg.TypeErrors,
		ResultOf:     inputs,
		Report: func(diag analysis.Diagnostic) {
			posn := pkg.Fset.Position(diag.Pos)
			d.diags[a.Name] = append(d.diags[a.Name], diagnostic{
				pkg:  pkg.PkgPath,
				text: fmt.Sprintf("%s:%d:%d: %s", filepath.Base(posn.Filename), posn.Line, posn.Column, diag.Message),
			})
		},
		ReadFile: func(filename string) ([]byte, error) {
			d.readFiles = append(d.readFiles, filename)
			return nil, errors.New("nogo: no file access")
		},
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			if obj == nil || withheld(obj.Pkg()) {
				return false
			}
			k := objFactKey{obj, factType(fact)}
			f, ok := localObj[k]
			if !ok {
				f, ok = d.objFacts[a][k]
			}
			if ok {
				copyFact(fact, f)
			}
			return ok
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if obj.Pkg() != pkg.Types {
				panic(fmt.Sprintf("%s: exported a fact for %s, which is not in package %s", a.Name, obj, pkg.PkgPath))
			}
			localObj[objFactKey{obj, factType(fact)}] = fact
		},
		ImportPackageFact: func(p *types.Package, fact analysis.Fact) bool {
			if withheld(p) {
				return false
			}
			k := pkgFactKey{p, factType(fact)}
			f, ok := localPkg[k]
			if !ok {
				f, ok = d.pkgFacts[a][k]
			}
			if ok {
				copyFact(fact, f)
			}
			return ok
		},
		ExportPackageFact: func(fact analysis.Fact) {
			localPkg[pkgFactKey{pkg.Types, factType(fact)}] = fact
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			var out []analysis.ObjectFact
			for k, f := range d.objFacts[a] {
				out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
			for k, f := range localObj {
				out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
			return out
		},
		AllPackageFacts: func() []analysis.PackageFact {
			var out []analysis.PackageFact
			for k, f := range d.pkgFacts[a] {
				out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
			}
			for k, f := range localPkg {
				out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
			}
			return out
		},
	}
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
			}
		}()
		v, err = a.Run(pass)
	}()
	if err != nil {
		return nil, err
	}
	if a.ResultType != nil && v != nil && !reflect.TypeOf(v).AssignableTo(a.ResultType) {
		return nil, fmt.Errorf("result of type %T, want %s", v, a.ResultType)
	}
	if err := d.publish(a, pkg, localObj, localPkg); err != nil {
		return nil, err
	}
	return v, nil
}

// publish makes the facts exported on pkg visible to importers the way
// unitchecker and nogo do: named by object path and sent through
// encoding/gob. Facts on objects without a path are dropped.
func (d *nogoDriver) publish(a *analysis.Analyzer, pkg *packages.Package, objs map[objFactKey]analysis.Fact, pkgs map[pkgFactKey]analysis.Fact) error {
	type gobFact struct {
		Object objectpath.Path
		Fact   analysis.Fact
	}
	var facts []gobFact
	var keys []objFactKey
	for k, f := range objs {
		path, err := objectpath.For(k.obj)
		if err != nil {
			d.factsDropped++
			continue
		}
		facts = append(facts, gobFact{Object: path, Fact: f})
		keys = append(keys, k)
	}
	for k, f := range pkgs {
		facts = append(facts, gobFact{Fact: f})
		keys = append(keys, objFactKey{nil, k.t})
	}
	if len(facts) == 0 {
		return nil
	}
	for _, ft := range a.FactTypes {
		gob.Register(ft)
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(facts); err != nil {
		return fmt.Errorf("encoding facts: %v", err)
	}
	var decoded []gobFact
	if err := gob.NewDecoder(&buf).Decode(&decoded); err != nil {
		return fmt.Errorf("decoding facts: %v", err)
	}
	for i, f := range decoded {
		if !reflect.DeepEqual(f.Fact, facts[i].Fact) {
			return fmt.Errorf("fact %v does not survive encoding/gob: got %v", facts[i].Fact, f.Fact)
		}
		d.factsEncoded++
		if f.Object == "" {
			d.pkgFacts[a][pkgFactKey{pkg.Types, keys[i].t}] = f.Fact
			continue
		}
		obj, err := objectpath.Object(pkg.Types, f.Object)
		if err != nil {
			return fmt.Errorf("object path %q of %v: %v", f.Object, keys[i].obj, err)
		}
		d.objFacts[a][objFactKey{obj, keys[i].t}] = f.Fact
	}
	return nil
}

// badFact is a fact whose state gob cannot carry: its field is unexported.
type badFact struct{ removes bool }

func (*badFact) AFact()           {}
func (f *badFact) String() string { return fmt.Sprint("removes=", f.removes) }

// TestNogoDriverCatches checks that the driver detects what it is meant
// to: a file read, a fact that does not survive gob, and global state.
func TestNogoDriverCatches(t *testing.T) {
	pkgs := loadNogo(t, nogoPackages...)
	a, b := nogoRoots(pkgs, []string{"nogo/a"})[0], nogoRoots(pkgs, []string{"nogo/b"})[0]

	reader := &analysis.Analyzer{Name: "reader", Doc: "reader: test", Run: func(pass *analysis.Pass) (any, error) {
		_, err := pass.ReadFile(pass.Fset.File(pass.Files[0].Pos()).Name())
		return nil, err
	}}
	d := newNogoDriver(pkgs)
	d.exec(reader, a)
	if len(d.readFiles) != 1 || len(d.errs) != 1 {
		t.Errorf("reader: readFiles %v, errs %v", d.readFiles, d.errs)
	}

	exporter := &analysis.Analyzer{Name: "exporter", Doc: "exporter: test", FactTypes: []analysis.Fact{new(badFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, name := range pass.Pkg.Scope().Names() {
				if obj := pass.Pkg.Scope().Lookup(name); obj.Exported() {
					pass.ExportObjectFact(obj, &badFact{removes: true})
				}
			}
			return nil, nil
		}}
	d = newNogoDriver(pkgs)
	d.exec(exporter, a)
	if len(d.errs) != 1 || !strings.Contains(d.errs[0].Error(), "gob") {
		t.Errorf("exporter: errs %v, want a fact that does not survive gob", d.errs)
	}

	counter := 0
	global := &analysis.Analyzer{Name: "global", Doc: "global: test", Run: func(pass *analysis.Pass) (any, error) {
		counter++
		pass.Reportf(pass.Files[0].Package, "run %d", counter)
		return nil, nil
	}}
	d = newNogoDriver(pkgs)
	d.exec(global, a)
	d.exec(global, b)
	together := d.diagsIn("global", "nogo/b")
	counter = 0 // a fresh process
	d = newNogoDriver(pkgs)
	d.exec(global, b)
	if alone := d.diagsIn("global", "nogo/b"); slices.Equal(alone, together) {
		t.Errorf("global state not visible: alone %q, together %q", alone, together)
	}
}
