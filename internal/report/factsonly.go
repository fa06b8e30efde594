package report

import (
	"sync"

	"golang.org/x/tools/go/analysis"
)

// A driver runs the analyzers on a dependency of the packages it checks
// for their facts alone and discards what they report: go vet on a unit
// it marks VetxOnly (two units in three on std), the standalone driver on
// every package outside its patterns. An analyzer with facts that also
// has checks that only report may skip those on such a pass; what it
// exports must not change.

// factsOnly holds the passes a driver runs for their facts alone.
var factsOnly sync.Map // *analysis.Pass → struct{}

// ForFactsOnly marks the pass as run for its facts alone until the
// function it returns is called, after the analyzer's Run.
func ForFactsOnly(pass *analysis.Pass) (done func()) {
	factsOnly.Store(pass, struct{}{})
	return func() { factsOnly.Delete(pass) }
}

// FactsOnly reports whether the driver runs the pass for its facts alone:
// what the analyzer reports is discarded.
func (r *Reporter) FactsOnly() bool {
	_, ok := factsOnly.Load(r.pass)
	return ok
}
