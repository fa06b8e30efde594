package tempdir_test

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/passes/tempdir"
)

// probe reports, at every call probe(x) in the test data, how the pass
// classifies x: "LOCATION predictable" or "LOCATION unpredictable"; at
// container(x), "in LOCATION"; at existing(x), "existing=BOOL"; at
// origin(x), where the path was defined; at top(x), the directory below
// the shared temp root that x is or lies in.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report the classification of probe(x) arguments",
	Requires: []*analysis.Analyzer{tempdir.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[tempdir.Analyzer].(*tempdir.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if !ok {
					return true
				}
				switch id.Name {
				case "container":
					pass.Reportf(call.Pos(), "in %s", res.Container(call.Args[0]))
					return true
				case "existing":
					pass.Reportf(call.Pos(), "existing=%t", res.Existing(call.Args[0]))
					return true
				case "top":
					top, ok := res.TopOf(call.Args[0])
					if !ok {
						pass.Reportf(call.Pos(), "no top")
						return true
					}
					pass.Reportf(call.Pos(), "top %s depth %d predictable=%t pkg=%t", top.Dir, top.Depth, top.Predictable, top.Pkg)
					return true
				case "origin":
					o := res.Describe(call.Args[0]).Origin
					pass.Reportf(call.Pos(), "origin %q at line %d", o.What, pass.Fset.Position(o.Pos).Line)
					return true
				case "probe":
				default:
					return true
				}
				kind := "unpredictable"
				if res.Predictable(call.Args[0]) {
					kind = "predictable"
				}
				pass.Reportf(call.Pos(), "%s %s", res.Classify(call.Args[0]), kind)
				return true
			})
		}
		return nil, nil
	},
}

func TestClassify(t *testing.T) {
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, probe, "tempdir/a", "tempdir/top")
}

func TestLocationString(t *testing.T) {
	for loc, want := range map[tempdir.Location]string{
		tempdir.Unknown: "unknown",
		tempdir.Shared:  "shared temp",
		tempdir.Private: "private temp",
	} {
		if got := fmt.Sprint(loc); got != want {
			t.Errorf("%d.String() = %q, want %q", loc, got, want)
		}
	}
}
