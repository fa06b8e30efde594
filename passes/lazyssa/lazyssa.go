// Package lazyssa defines an Analyzer that provides the SSA form of a
// package, built the first time an analyzer asks for it.
//
// The ownership questions that syntax answers badly (a descriptor stored
// in a field by one method and handed to a child by another, a value that
// reaches a call through a closure, a slice or a phi) are a handful of
// instructions in SSA: stores and loads through field and index addresses,
// closure bindings, calls with a static callee. x/tools' buildssa pass
// builds every function of every package it runs on, which on the standard
// library costs about as much as type checking it; most packages hold no
// resource that needs it. So the form is built only for the packages where
// an analyzer's cheap syntactic check finds something to ask, once, and
// shared by the analyzers of that package.
//
// golang.org/x/tools/go/ssa was chosen over honnef.co/go/tools/go/ir after
// bench/irbuild: on the standard library (362 packages, built from the
// same syntax and types, interleaved) go/ssa took 4.7 s and allocated
// 2.36 GB, go/ir 5.2 s and 2.81 GB (1.11x the time, 1.19x the memory), and
// go/ir's builder pass is internal to staticcheck.
package lazyssa

import (
	"cmp"
	"go/types"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer provides a *Program for the package. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "lazyssa",
	Doc:        "provide the package's SSA form, built on first use (reports nothing)",
	URL:        "https://pkg.go.dev/github.com/tmplint/tmplint/passes/lazyssa",
	Run:        run,
	ResultType: reflect.TypeFor[*Program](),
}

// A Program builds the SSA form of the package once, on the first call to
// Package; analyzers of the same package may call it concurrently.
type Program struct {
	pass  *analysis.Pass
	once  sync.Once
	pkg   *ssa.Package
	funcs []*ssa.Function
}

func run(pass *analysis.Pass) (any, error) {
	return &Program{pass: pass}, nil
}

// Package returns the package's SSA form, building it on the first call.
// A generic function is built once, from its syntax, with its type
// parameters in its types (the builder's mode has no InstantiateGenerics:
// an instance is a wrapper that calls it); Functions lists that body, not
// the instances.
func (p *Program) Package() *ssa.Package {
	p.once.Do(p.build)
	return p.pkg
}

// Functions returns every function whose body is in the package's syntax:
// declared functions and methods, and the function literals inside them,
// in source order.
func (p *Program) Functions() []*ssa.Function {
	p.once.Do(p.build)
	return p.funcs
}

func (p *Program) build() {
	pass := p.pass
	prog := ssa.NewProgram(pass.Fset, 0)
	createImports(prog, pass.Pkg)
	p.pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	p.pkg.Build()

	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || fn.Blocks == nil {
			return
		}
		p.funcs = append(p.funcs, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, obj := range pass.TypesInfo.Defs {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() != pass.Pkg {
			continue
		}
		add(prog.FuncValue(fn))
	}
	for _, m := range p.pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && fn.Synthetic == "package initializer" {
			add(fn)
		}
	}
	sortByPos(p.funcs)
}

// sortByPos orders functions by their position, so that what analyzers
// derive from them does not depend on map order.
func sortByPos(fns []*ssa.Function) {
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
}
