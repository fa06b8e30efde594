package lazyssa_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

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

// bodiesLister builds the form with the bodies of the functions, and the
// initializers of the package-level variables, whose doc comment is
// "kept." and reports, for each declared function and function literal,
// whether it has a body and which functions it calls; and, at the package
// clause, the package initializer's calls.
var bodiesLister = &analysis.Analyzer{
	Name:     "bodieslister",
	Doc:      "report which functions Bodies built",
	Requires: []*analysis.Analyzer{lazyssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		prog := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
		kept := make(map[*types.Func]bool)
		keptVars := make(map[*types.Var]bool)
		for _, f := range pass.Files {
			for _, decl := range f.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					if isKept(d.Doc) {
						kept[pass.TypesInfo.Defs[d.Name].(*types.Func)] = true
					}
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						if vs, ok := spec.(*ast.ValueSpec); ok && (isKept(d.Doc) || isKept(vs.Doc)) {
							for _, id := range vs.Names {
								keptVars[pass.TypesInfo.Defs[id].(*types.Var)] = true
							}
						}
					}
				}
			}
		}
		pkg := prog.Bodies(func(fn *types.Func) bool { return kept[fn] },
			func(init *types.Initializer) bool { return keptVars[init.Lhs[0]] })
		var report func(fn *ssa.Function)
		report = func(fn *ssa.Function) {
			if fn.Blocks == nil {
				pass.Reportf(fn.Pos(), "%s: no body", fn.Name())
				return
			}
			pass.Reportf(fn.Pos(), "%s: body, calls %s", fn.Name(), strings.Join(callees(fn), ", "))
			for _, anon := range fn.AnonFuncs {
				report(anon)
			}
		}
		for _, obj := range pass.TypesInfo.Defs {
			if fn, ok := obj.(*types.Func); ok {
				report(pkg.Prog.FuncValue(fn))
			}
		}
		init := pkg.Func("init")
		if calls := callees(init); len(calls) > 0 {
			pass.Reportf(pass.Files[0].Package, "init calls %s", strings.Join(calls, ", "))
		}
		for _, anon := range init.AnonFuncs {
			report(anon)
		}
		return nil, nil
	},
}

func isKept(doc *ast.CommentGroup) bool {
	return doc != nil && strings.TrimSpace(doc.Text()) == "kept."
}

// callees lists the functions that fn calls statically, in order, but
// the initializers of imported packages, which every package initializer
// calls.
func callees(fn *ssa.Function) []string {
	var names []string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if callee := call.Call.StaticCallee(); callee != nil && callee.Synthetic != "package initializer" {
				names = append(names, callee.Name())
			}
		}
	}
	return names
}

func TestBodies(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), bodiesLister, "lazyssa/bodies")
}
