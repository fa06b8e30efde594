// Package factstest checks that an analyzer exports the same facts when a
// driver runs it for its facts alone (report.FactsOnly: the checks that
// only report may be skipped) as when it runs in full.
package factstest

import (
	"fmt"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/report"
)

// SameFacts runs a on every package under dir/src/a.Name, in full and
// for its facts alone, and fails t where a package's facts differ.
func SameFacts(t *testing.T, dir string, a *analysis.Analyzer) {
	t.Helper()
	patterns := []string{a.Name + "/..."}
	alone := *a
	alone.Run = func(pass *analysis.Pass) (any, error) {
		defer report.ForFactsOnly(pass)()
		return a.Run(pass)
	}
	full, only := exported(dir, a, patterns), exported(dir, &alone, patterns)
	if len(full) == 0 {
		t.Fatal("no facts exported: the testdata was not analyzed")
	}
	for path, want := range full {
		if got := only[path]; !slices.Equal(got, want) {
			t.Errorf("%s: for its facts alone it exports\n%q\nwant\n%q", path, got, want)
		}
	}
	for path, got := range only {
		if _, ok := full[path]; !ok {
			t.Errorf("%s: for its facts alone it exports %q, in full none", path, got)
		}
	}
}

// quiet takes what analysistest finds unexpected: run for its facts
// alone, the analyzer reports nothing the // want lines ask for.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// exported returns the facts a exports about each package's own objects
// and the package itself, by package path, sorted.
func exported(dir string, a *analysis.Analyzer, patterns []string) map[string][]string {
	out := make(map[string][]string)
	for _, res := range analysistest.Run(quiet{}, dir, a, patterns...) {
		pkg := res.Action.Package
		for _, f := range res.Action.AllObjectFacts() {
			if f.Object.Pkg() == pkg.Types {
				out[pkg.PkgPath] = append(out[pkg.PkgPath], fmt.Sprintf("%v: %v", f.Object, f.Fact))
			}
		}
		for _, f := range res.Action.AllPackageFacts() {
			if f.Package == pkg.Types {
				out[pkg.PkgPath] = append(out[pkg.PkgPath], fmt.Sprintf("package: %v", f.Fact))
			}
		}
		slices.Sort(out[pkg.PkgPath])
	}
	return out
}
