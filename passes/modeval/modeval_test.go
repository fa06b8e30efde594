package modeval_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/passes/modeval"
)

// probe reports, at every call probe(m) in the test data, the value of m,
// whether it is within 0o600 and 0o700, and its decimal literals that read
// as octal.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report the evaluation of probe(m) arguments",
	Requires: []*analysis.Analyzer{modeval.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[modeval.Analyzer].(*modeval.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" {
					return true
				}
				m := call.Args[0]
				var b strings.Builder
				if v, ok := res.Value(m); ok {
					fmt.Fprintf(&b, "%s", modeval.Format(v))
				} else {
					b.WriteString("variable")
				}
				fmt.Fprintf(&b, " within600=%t within700=%t", res.Within(m, 0o600), res.Within(m, 0o700))
				for _, lit := range res.DecimalLiterals(m) {
					if modeval.DecimalReadsAsOctal(lit) {
						fmt.Fprintf(&b, " octal:%s", lit.Value)
					}
				}
				pass.Reportf(call.Pos(), "%s", b.String())
				return true
			})
		}
		return nil, nil
	},
}

func TestEvaluate(t *testing.T) {
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, probe, "modeval/a")
}

func TestDecimalReadsAsOctal(t *testing.T) {
	for lit, want := range map[string]bool{
		"644": true, "755": true, "777": true, "600": true, "700": true, "640": true,
		"750": true, "664": true, "775": true, "666": true, "660": true, "444": true,
		"1777": true, "2755": true, "4755": true,
		"420": false, "493": false, "511": false, "416": false, "436": false, "432": false, // decimal modes
		"504": false, "256": false, "400": false, // 400 is 0o620: plausible
		"0644": false, "0o644": false, "0x1a4": false, "64": false, "6": false, "0": false,
		"100": false, "300": false, "678": false, "6_44": false, "17777": false, "0755": false,
		"1000": false, "1377": false,
	} {
		got := modeval.DecimalReadsAsOctal(&ast.BasicLit{Kind: token.INT, Value: lit})
		if got != want {
			t.Errorf("DecimalReadsAsOctal(%s) = %t, want %t", lit, got, want)
		}
	}
	if modeval.DecimalReadsAsOctal(&ast.BasicLit{Kind: token.FLOAT, Value: "644"}) {
		t.Error("a float literal reads as octal")
	}
}

func TestOctalAndFormat(t *testing.T) {
	v, ok := modeval.Octal(&ast.BasicLit{Kind: token.INT, Value: "644"})
	if !ok || v != 0o644 {
		t.Errorf("Octal(644) = %o, %t", v, ok)
	}
	if got := modeval.Format(0o1777); got != "0o1777" {
		t.Errorf("Format(0o1777) = %s", got)
	}
}
