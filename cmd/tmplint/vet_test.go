package main

import (
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestVetLineOrder runs two analyzers wrapped by inLineOrder as
// unitchecker's text mode runs them: each message gains its analyzer's
// name, and the analyzer that finishes last reports every diagnostic of
// the unit, in line order.
func TestVetLineOrder(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("p.go", -1, 100)
	f.SetLines([]int{0, 10, 20, 30, 40})
	reporter := func(name string, offsets ...int) *analysis.Analyzer {
		return &analysis.Analyzer{Name: name, Doc: name, Run: func(pass *analysis.Pass) (any, error) {
			for _, off := range offsets {
				pass.Reportf(f.Pos(off), "finding at %d", off)
			}
			return nil, nil
		}}
	}
	wrapped := inLineOrder([]*analysis.Analyzer{reporter("a", 30, 10), reporter("b", 20)})
	reported := make([][]string, len(wrapped))
	for i, a := range wrapped {
		pass := &analysis.Pass{Analyzer: a, Fset: fset}
		pass.Report = func(d analysis.Diagnostic) {
			reported[i] = append(reported[i], fset.Position(d.Pos).String()+" "+d.Message)
		}
		if _, err := a.Run(pass); err != nil {
			t.Fatal(err)
		}
	}
	if len(reported[0]) != 0 {
		t.Errorf("the first analyzer reported %q itself", reported[0])
	}
	want := "p.go:2:1 finding at 10 (a)\np.go:3:1 finding at 20 (b)\np.go:4:1 finding at 30 (a)"
	if got := strings.Join(reported[1], "\n"); got != want {
		t.Errorf("the last analyzer reported\n%s\nwant\n%s", got, want)
	}
}

// TestVetxOnlyUnit reads the unit's configuration: only VetxOnly true
// asks for facts alone.
func TestVetxOnlyUnit(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	facts := write("facts.cfg", `{"ID": "p", "VetxOnly": true}`)
	full := write("full.cfg", `{"ID": "p", "VetxOnly": false}`)
	broken := write("broken.cfg", `{`)
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"-strict", facts}, true},
		{[]string{full}, false},
		{[]string{broken}, false},
		{[]string{filepath.Join(dir, "missing.cfg")}, false},
		{[]string{"-flags"}, false},
		{nil, false},
	} {
		if got := vetxOnlyUnit(c.args); got != c.want {
			t.Errorf("vetxOnlyUnit(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// TestForFactsOnly leaves idle only the analyzers that report alone: one
// with facts, one with a result and one another requires keep their Run.
func TestForFactsOnly(t *testing.T) {
	ran := make(map[string]bool)
	analyzer := func(name string, change func(a *analysis.Analyzer)) *analysis.Analyzer {
		a := &analysis.Analyzer{Name: name, Doc: name, Run: func(*analysis.Pass) (any, error) {
			ran[name] = true
			return nil, nil
		}}
		if change != nil {
			change(a)
		}
		return a
	}
	type fact struct{ analysis.Fact }
	hasFacts := analyzer("hasfacts", func(a *analysis.Analyzer) { a.FactTypes = []analysis.Fact{new(fact)} })
	hasResult := analyzer("hasresult", func(a *analysis.Analyzer) { a.ResultType = reflect.TypeFor[int]() })
	required := analyzer("required", nil)
	reports := analyzer("reports", func(a *analysis.Analyzer) { a.Requires = []*analysis.Analyzer{required} })
	all := []*analysis.Analyzer{hasFacts, hasResult, required, reports}
	out := forFactsOnly(all)
	for i, a := range out {
		if a.Name != all[i].Name {
			t.Fatalf("analyzer %d is %s, want %s", i, a.Name, all[i].Name)
		}
		if _, err := a.Run(&analysis.Pass{Analyzer: a}); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]bool{"hasfacts": true, "hasresult": true, "required": true, "reports": false} {
		if ran[name] != want {
			t.Errorf("%s ran: %v, want %v", name, ran[name], want)
		}
	}
	// The analyzer given is not changed: the idle one is a copy.
	if _, err := reports.Run(&analysis.Pass{Analyzer: reports}); err != nil || !ran["reports"] {
		t.Error("forFactsOnly changed the Run of the analyzer it was given")
	}
}
