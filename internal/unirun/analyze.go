package unirun

import (
	"fmt"
	"go/types"
	"os"
	"reflect"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/analysis/report"
	"honnef.co/go/tools/lintcmd/runner"

	tmreport "github.com/tmplint/tmplint/internal/report"
)

// analyzePackage runs the analyzers, each after those it requires, over a
// package type-checked from source. Facts about the objects of the
// packages it imports come from the store, decoded beforehand by the
// caller. An analyzer that fails (an error or a panic) is an error of the
// package, and the analyzers that require it do not run; the others do.
// It returns the diagnostics (none when diagnose is false: a dependency
// is analyzed only for its facts) and the facts the package exported.
func analyzePackage(pkg *sourcePackage, analyzers []*analysis.Analyzer, store *factStore, diagnose bool) ([]Diagnostic, *localFacts, []error) {
	local := newLocalFacts()
	results := make(map[*analysis.Analyzer]any)
	failed := make(map[*analysis.Analyzer]bool)
	var diags []Diagnostic
	var errs []error
	fset := pkg.fset

	for _, a := range analyzers {
		skip := false
		for _, req := range a.Requires {
			skip = skip || failed[req]
		}
		if skip {
			failed[a] = true
			continue
		}
		factTypes := make(map[reflect.Type]bool, len(a.FactTypes))
		for _, f := range a.FactTypes {
			factTypes[reflect.TypeOf(f)] = true
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       fset,
			Files:      pkg.syntax,
			OtherFiles: pkg.spec.OtherFiles,
			Pkg:        pkg.types,
			TypesInfo:  pkg.info,
			TypesSizes: pkg.spec.TypesSizes,
			ResultOf:   make(map[*analysis.Analyzer]any, len(a.Requires)),
			Report: func(d analysis.Diagnostic) {
				if diagnose {
					diags = append(diags, toDiagnostic(pkg, a, d))
				}
			},
			ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
				if obj == nil {
					return false
				}
				key := objFactKey{obj, reflect.TypeOf(fact)}
				if obj.Pkg() == pkg.types {
					local.mu.Lock()
					f, ok := local.objs[key]
					local.mu.Unlock()
					if ok {
						copyFact(fact, f)
					}
					return ok
				}
				if d := store.of(obj.Pkg()); d != nil {
					if f, ok := d.objs[key]; ok {
						copyFact(fact, f)
						return true
					}
				}
				return false
			},
			ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
				if obj == nil || obj.Pkg() != pkg.types {
					panic(fmt.Sprintf("%s: fact about %v, which is not an object of package %s", a.Name, obj, pkg.types.Path()))
				}
				local.mu.Lock()
				local.objs[objFactKey{obj, reflect.TypeOf(fact)}] = fact
				local.mu.Unlock()
			},
			ImportPackageFact: func(p *types.Package, fact analysis.Fact) bool {
				if p == pkg.types {
					local.mu.Lock()
					f, ok := local.pkgs[pkgFactKey{p, reflect.TypeOf(fact)}]
					local.mu.Unlock()
					if ok {
						copyFact(fact, f)
					}
					return ok
				}
				if d := store.of(p); d != nil {
					if f, ok := d.pkgs[reflect.TypeOf(fact)]; ok {
						copyFact(fact, f)
						return true
					}
				}
				return false
			},
			ExportPackageFact: func(fact analysis.Fact) {
				local.mu.Lock()
				local.pkgs[pkgFactKey{pkg.types, reflect.TypeOf(fact)}] = fact
				local.mu.Unlock()
			},
			AllObjectFacts: func() []analysis.ObjectFact {
				return allObjectFacts(pkg, store, local, factTypes)
			},
			AllPackageFacts: func() []analysis.PackageFact {
				return allPackageFacts(pkg, store, local, factTypes)
			},
			ReadFile: readFile(pkg),
		}
		for _, req := range a.Requires {
			pass.ResultOf[req] = results[req]
		}
		done := func() {}
		if !diagnose {
			done = tmreport.ForFactsOnly(pass) // a dependency: nothing it reports is kept
		}
		res, err := runAnalyzer(a, pass)
		done()
		if err != nil {
			failed[a] = true
			errs = append(errs, fmt.Errorf("%s: %v", a.Name, err))
			continue
		}
		results[a] = res
	}
	return diags, local, errs
}

// runAnalyzer runs a on pass; a panic is the analyzer's error, not the
// end of the run.
func runAnalyzer(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v\n%s", p, debug.Stack())
		}
	}()
	return a.Run(pass)
}

// A Diagnostic is an analyzer's diagnostic as the cache keeps it: in
// staticcheck's runner's record, positions resolved, with the name of the
// analyzer that reported it.
type Diagnostic struct {
	Analyzer string
	runner.Diagnostic
}

func toDiagnostic(pkg *sourcePackage, a *analysis.Analyzer, d analysis.Diagnostic) Diagnostic {
	fset := pkg.fset
	out := runner.Diagnostic{
		Position: report.DisplayPosition(fset, d.Pos),
		End:      report.DisplayPosition(fset, d.End),
		Category: d.Category,
		Message:  d.Message,
	}
	for _, sf := range d.SuggestedFixes {
		fix := runner.SuggestedFix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			fix.TextEdits = append(fix.TextEdits, runner.TextEdit{
				Position: report.DisplayPosition(fset, e.Pos),
				End:      report.DisplayPosition(fset, e.End),
				NewText:  e.NewText,
			})
		}
		out.SuggestedFixes = append(out.SuggestedFixes, fix)
	}
	for _, r := range d.Related {
		out.Related = append(out.Related, runner.RelatedInformation{
			Position: report.DisplayPosition(fset, r.Pos),
			End:      report.DisplayPosition(fset, r.End),
			Message:  r.Message,
		})
	}
	return Diagnostic{Analyzer: a.Name, Diagnostic: out}
}

// allObjectFacts returns the facts of the analyzer's types about the
// objects of the package and of every package it imports.
func allObjectFacts(pkg *sourcePackage, store *factStore, local *localFacts, types map[reflect.Type]bool) []analysis.ObjectFact {
	var out []analysis.ObjectFact
	for _, p := range importClosure(pkg.types) {
		if d := store.of(p); d != nil {
			for k, f := range d.objs {
				if types[k.typ] {
					out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
				}
			}
		}
	}
	local.mu.Lock()
	defer local.mu.Unlock()
	for k, f := range local.objs {
		if types[k.typ] {
			out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
		}
	}
	return out
}

// allPackageFacts is allObjectFacts for package facts.
func allPackageFacts(pkg *sourcePackage, store *factStore, local *localFacts, types map[reflect.Type]bool) []analysis.PackageFact {
	var out []analysis.PackageFact
	for _, p := range importClosure(pkg.types) {
		if d := store.of(p); d != nil {
			for typ, f := range d.pkgs {
				if types[typ] {
					out = append(out, analysis.PackageFact{Package: p, Fact: f})
				}
			}
		}
	}
	local.mu.Lock()
	defer local.mu.Unlock()
	for k, f := range local.pkgs {
		if types[k.typ] {
			out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
		}
	}
	return out
}

// importClosure returns the packages that root imports, directly or not.
func importClosure(root *types.Package) []*types.Package {
	seen := map[*types.Package]bool{root: true}
	var out []*types.Package
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if !seen[imp] {
				seen[imp] = true
				out = append(out, imp)
				visit(imp)
			}
		}
	}
	visit(root)
	return out
}

// readFile lets an analyzer read the files of its package, and only them.
func readFile(pkg *sourcePackage) func(string) ([]byte, error) {
	allowed := make(map[string]bool)
	for _, list := range [][]string{pkg.spec.GoFiles, pkg.spec.CompiledGoFiles, pkg.spec.OtherFiles} {
		for _, name := range list {
			allowed[name] = true
		}
	}
	return func(name string) ([]byte, error) {
		if !allowed[name] {
			return nil, fmt.Errorf("%s is not a file of package %s", name, pkg.spec.PkgPath)
		}
		return os.ReadFile(name)
	}
}
