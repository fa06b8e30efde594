package lazyssa_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"
	"github.com/tmplint/tmplint/passes/lazyssa"
)

// lister reports the name of every function lazyssa lists, at its
// position, but the package initializer, which has none.
var lister = &analysis.Analyzer{
	Name:     "lister",
	Doc:      "report the functions of the package's SSA form",
	Requires: []*analysis.Analyzer{lazyssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		prog := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
		if prog.Package() == nil {
			pass.Reportf(pass.Files[0].Package, "no package")
		}
		init := false
		for _, fn := range prog.Functions() {
			if fn.Pos().IsValid() {
				pass.Reportf(fn.Pos(), "%s", fn.Name())
			} else {
				init = init || fn.Name() == "init"
			}
		}
		if !init {
			pass.Reportf(pass.Files[0].Package, "no package initializer")
		}
		return nil, nil
	},
}

func TestFunctions(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), lister, "lazyssa/funcs")
}
