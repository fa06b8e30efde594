package main

import (
	"encoding/json"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
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
// one now.

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
// for the facts of those that have them.
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
		out[i] = a
		if len(a.FactTypes) > 0 || a.ResultType != nil || required[a] {
			continue
		}
		idle := *a
		idle.Run = func(*analysis.Pass) (any, error) { return nil, nil }
		out[i] = &idle
	}
	return out
}
