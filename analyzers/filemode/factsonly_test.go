package filemode_test

import (
	"testing"

	"github.com/tmplint/tmplint/analyzers/filemode"
	"github.com/tmplint/tmplint/internal/factstest"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestFactsOnlySameFacts: run for its facts alone (report.FactsOnly), filemode
// skips the checks that only report and exports the same facts.
func TestFactsOnlySameFacts(t *testing.T) {
	factstest.SameFacts(t, testdatadir.Dir(t), filemode.Analyzer)
}
