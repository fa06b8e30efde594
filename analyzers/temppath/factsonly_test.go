package temppath_test

import (
	"testing"

	"github.com/tmplint/tmplint/analyzers/temppath"
	"github.com/tmplint/tmplint/internal/factstest"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestFactsOnlySameFacts: run for its facts alone (report.FactsOnly), temppath
// skips the checks that only report and exports the same facts.
func TestFactsOnlySameFacts(t *testing.T) {
	factstest.SameFacts(t, testdatadir.Dir(t), temppath.Analyzer)
}
