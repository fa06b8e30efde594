package mountfacts_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"
	"github.com/tmplint/tmplint/passes/mountfacts"
)

func TestFacts(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), mountfacts.Analyzer, "mountfacts/a", "mountfacts/b")
}
