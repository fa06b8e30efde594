package analyzers_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/analyzers"
	"github.com/tmplint/tmplint/passes/directives"
)

// TestSuiteIsComplete checks that every package under analyzers/ is in the
// suite, under its package name, and that the list is sorted.
func TestSuiteIsComplete(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "testdata" {
			dirs = append(dirs, e.Name())
		}
	}
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	if !slices.IsSorted(names) {
		t.Errorf("analyzers.All() is not sorted by name: %v", names)
	}
	for _, d := range dirs {
		if !slices.Contains(names, d) {
			t.Errorf("package analyzers/%s is not in analyzers.All()", d)
		}
	}
	for _, n := range names {
		if !slices.Contains(dirs, n) {
			t.Errorf("analyzer %s has no package analyzers/%s", n, n)
		}
	}
	if !slices.Equal(names, directives.Known()) {
		t.Errorf("directives.Known() = %v, want the suite's names %v", directives.Known(), names)
	}
}

// TestAnalyzersAreValid checks the suite against the framework's rules and
// our own: a strict flag, a doc whose first line names the analyzer, a URL.
func TestAnalyzersAreValid(t *testing.T) {
	all := analyzers.All()
	if err := analysis.Validate(all); err != nil {
		t.Fatal(err)
	}
	for _, a := range all {
		if a.Flags.Lookup(analyzers.StrictFlag) == nil {
			t.Errorf("%s has no -strict flag", a.Name)
		}
		if !strings.HasPrefix(a.Doc, a.Name+": ") {
			t.Errorf("%s: Doc should start with %q, got %q", a.Name, a.Name+": ", firstLine(a.Doc))
		}
		if a.URL == "" {
			t.Errorf("%s has no URL", a.Name)
		}
	}
	if err := analyzers.SetStrict(all, true); err != nil {
		t.Fatal(err)
	}
	if err := analyzers.SetStrict(all, false); err != nil {
		t.Fatal(err)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
