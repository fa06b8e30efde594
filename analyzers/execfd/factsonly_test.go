package execfd_test

import (
	"testing"

	"github.com/tmplint/tmplint/analyzers/execfd"
	"github.com/tmplint/tmplint/internal/factstest"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestFactsOnlySameFacts: run for its facts alone (report.FactsOnly), execfd
// skips the checks that only report and exports the same facts.
func TestFactsOnlySameFacts(t *testing.T) {
	factstest.SameFacts(t, testdatadir.Dir(t), execfd.Analyzer)
}
