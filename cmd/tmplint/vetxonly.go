package main

import (
	"encoding/json"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/report"
)

// go vet runs the tool on every dependency of the packages it checks,
// most of them for their facts alone (the unit's VetxOnly): on std, two
// units in three, which take two thirds of the tool's time. unitchecker
// drops there only the analyzers that neither have facts nor require one
// that has (its own comment says the test is backwards), so an analyzer
// that only reports, such as tempcleanup (its facts are tempfacts'),
// still does all of its work on every dependency, for diagnostics that
// unitchecker then discards. The standalone driver runs only the
// analyzers with facts on a dependency (unirun's factOnly); so does this
// one now, and, as that one does, it tells those that run that they run
// for their facts alone (report.FactsOnly), so that they skip the checks
// that only report.

// vetxOnlyUnit reports whether go vet started the tool on a unit whose
// configuration (the .cfg file, the last argument) asks for facts alone.
// A configuration that cannot be read is unitchecker's to report: here
// it asks for everything.
func vetxOnlyUnit(args []string) bool {
	if len(args) == 0 || filepath.Ext(args[len(args)-1]) != ".cfg" {
		return false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return false
	}
	var cfg struct{ VetxOnly bool }
	if json.Unmarshal(data, &cfg) != nil {
		return false
	}
	return cfg.VetxOnly
}

// forFactsOnly returns as with every analyzer that only reports left
// idle: one that has no facts, no result and that no analyzer requires
// gets a Run that does nothing. What it requires still runs as before,
// for the facts of those that have them. The others run with their pass
// marked as run for its facts alone (report.FactsOnly), so that they may
// leave out the checks that only report.
func forFactsOnly(as []*analysis.Analyzer) []*analysis.Analyzer {
	required := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		for _, req := range a.Requires {
			if !required[req] {
				required[req] = true
				visit(req)
			}
		}
	}
	for _, a := range as {
		visit(a)
	}
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		w := *a
		if len(a.FactTypes) > 0 || a.ResultType != nil || required[a] {
			run := a.Run
			w.Run = func(pass *analysis.Pass) (any, error) {
				defer report.ForFactsOnly(pass)()
				return run(pass)
			}
		} else {
			w.Run = func(*analysis.Pass) (any, error) { return nil, nil }
		}
		out[i] = &w
	}
	return out
}
