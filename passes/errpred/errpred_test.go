package errpred_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"
	"github.com/tmplint/tmplint/passes/errpred"
)

func TestFacts(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), errpred.Analyzer, "errpred/a", "errpred/b")
}
