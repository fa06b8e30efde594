package main

import (
	"go/token"
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
