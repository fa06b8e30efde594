package plugin

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers"
	"github.com/tmplint/tmplint/internal/fixclass"
)

// fakes returns two analyzers with a strict flag and a threshold flag, as
// the suite's analyzers have.
func fakes() []*analysis.Analyzer {
	var as []*analysis.Analyzer
	for _, name := range []string{"alpha", "beta"} {
		a := &analysis.Analyzer{Name: name, Doc: name + ": test", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
		a.Flags = *flag.NewFlagSet(name, flag.ContinueOnError)
		a.Flags.Bool("strict", false, "strict profile")
		a.Flags.Int("maxmode", 0o600, "widest mode")
		a.Flags.String("shim", "", "shim import path")
		as = append(as, a)
	}
	return as
}

func names(as []*analysis.Analyzer) string {
	var ns []string
	for _, a := range as {
		ns = append(ns, a.Name)
	}
	return strings.Join(ns, ",")
}

func flagValue(a *analysis.Analyzer, name string) string {
	return a.Flags.Lookup(name).Value.String()
}

func TestConfigure(t *testing.T) {
	for _, tc := range []struct {
		name     string
		raw      any
		enabled  string
		check    map[string]string // "analyzer.flag" → value
		errMatch string
	}{
		{name: "nil", raw: nil, enabled: "alpha,beta", check: map[string]string{"alpha.strict": "false"}},
		{name: "empty", raw: map[string]any{}, enabled: "alpha,beta"},
		{name: "strict", raw: map[string]any{"strict": true}, enabled: "alpha,beta",
			check: map[string]string{"alpha.strict": "true", "beta.strict": "true"}},
		{name: "strict-override", raw: map[string]any{"strict": true, "settings": map[string]any{"beta": map[string]any{"strict": false}}},
			enabled: "alpha,beta", check: map[string]string{"alpha.strict": "true", "beta.strict": "false"}},
		{name: "flags", raw: map[string]any{"settings": map[string]any{"alpha": map[string]any{"maxmode": "0o640", "shim": "example.com/shim"}, "beta": map[string]any{"maxmode": 416}}},
			enabled: "alpha,beta", check: map[string]string{"alpha.maxmode": "416", "alpha.shim": "example.com/shim", "beta.maxmode": "416"}},
		{name: "enable", raw: map[string]any{"enable": []any{"beta"}}, enabled: "beta"},
		{name: "disable", raw: map[string]any{"disable": []any{"beta"}}, enabled: "alpha"},
		{name: "typo-key", raw: map[string]any{"strcit": true}, errMatch: `"strcit"`},
		{name: "typo-analyzer", raw: map[string]any{"enable": []any{"alhpa"}}, errMatch: `"alhpa"`},
		{name: "typo-disable", raw: map[string]any{"disable": []any{"bta"}}, errMatch: `"bta"`},
		{name: "typo-settings-analyzer", raw: map[string]any{"settings": map[string]any{"alhpa": map[string]any{}}}, errMatch: `"alhpa"`},
		{name: "typo-flag", raw: map[string]any{"settings": map[string]any{"alpha": map[string]any{"maxmod": 1}}}, errMatch: `"maxmod"`},
		{name: "bad-value", raw: map[string]any{"settings": map[string]any{"alpha": map[string]any{"strict": "maybe"}}}, errMatch: "alpha.strict"},
		{name: "bad-type", raw: map[string]any{"settings": map[string]any{"alpha": map[string]any{"shim": []any{"x"}}}}, errMatch: "alpha.shim"},
		{name: "wrong-shape", raw: map[string]any{"enable": "alpha"}, errMatch: "enable"},
		{name: "both", raw: map[string]any{"enable": []any{"alpha"}, "disable": []any{"alpha"}}, errMatch: "both"},
		{name: "all-disabled", raw: map[string]any{"disable": []any{"alpha", "beta"}}, errMatch: "every analyzer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all := fakes()
			s, err := decode(tc.raw)
			var as []*analysis.Analyzer
			if err == nil {
				as, err = configure(all, s)
			}
			if tc.errMatch != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errMatch) {
					t.Fatalf("err = %v, want one mentioning %s", err, tc.errMatch)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := names(as); got != tc.enabled {
				t.Errorf("enabled %s, want %s", got, tc.enabled)
			}
			for k, want := range tc.check {
				an, fl, _ := strings.Cut(k, ".")
				for _, a := range all {
					if a.Name == an {
						if got := flagValue(a, fl); got != want {
							t.Errorf("%s = %s, want %s", k, got, want)
						}
					}
				}
			}
		})
	}
}

func TestPlugin(t *testing.T) {
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != "typesinfo" {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	if _, err := p.BuildAnalyzers(); err != nil {
		t.Fatal(err)
	}
	if _, err := New(map[string]any{"nope": 1}); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("New with an unknown key: %v", err)
	}
}

// TestOnlySafeFixes runs the plugin's filemode analyzer and the suite's own
// over a package with both kinds of fix: the plugin reports the same
// findings, with only the safe fixes, since golangci-lint --fix applies
// every fix it is given.
func TestOnlySafeFixes(t *testing.T) {
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, _ := p.BuildAnalyzers()
	var wrapped *analysis.Analyzer
	for _, a := range as {
		if a.Name == "filemode" {
			wrapped = a
		}
	}
	if wrapped == nil {
		t.Fatal("no filemode analyzer")
	}
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	count := func(a *analysis.Analyzer) (diags, safe, changing int) {
		for _, r := range analysistest.Run(t, dir, a, "filemode/a") {
			for _, d := range r.Action.Diagnostics {
				diags++
				for _, f := range d.SuggestedFixes {
					if fixclass.IsSafe(f.Message) {
						safe++
					} else {
						changing++
					}
				}
			}
		}
		return
	}
	d0, s0, c0 := count(analyzers.Lookup("filemode"))
	d1, s1, c1 := count(wrapped)
	if s0 == 0 || c0 == 0 {
		t.Fatalf("filemode/a should have safe and behaviour-changing fixes: %d safe, %d changing", s0, c0)
	}
	if d1 != d0 || s1 != s0 || c1 != 0 {
		t.Errorf("plugin: %d findings, %d safe and %d behaviour-changing fixes; want %d findings, %d safe, 0 changing", d1, s1, c1, d0, s0)
	}
}
