package report_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/report"
)

// TestFactsOnly: a pass is run for its facts alone from ForFactsOnly to
// the call of what it returns, and no other pass is.
func TestFactsOnly(t *testing.T) {
	marked, other := new(analysis.Pass), new(analysis.Pass)
	r, o := report.New(marked, false), report.New(other, false)
	if r.FactsOnly() {
		t.Fatal("FactsOnly before ForFactsOnly")
	}
	done := report.ForFactsOnly(marked)
	if !r.FactsOnly() || o.FactsOnly() {
		t.Errorf("while marked: FactsOnly %v, of another pass %v; want true, false", r.FactsOnly(), o.FactsOnly())
	}
	done()
	if r.FactsOnly() {
		t.Error("FactsOnly after done")
	}
}
