// Package lazyinspect defines an Analyzer that provides an AST inspector
// for a package, built the first time an analyzer asks for it.
//
// x/tools' inspect pass builds the inspector for every package it runs on,
// before any analyzer can look at the package's imports. tmplint's analyzers
// first check whether the package imports anything they judge (os, os/exec,
// syscall, ...), and most packages of an import graph import none of it:
// through this pass they pay for the inspector only where they use it, and
// share one where several do.
package lazyinspect

import (
	"go/ast"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer provides a *Inspector for the package. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "lazyinspect",
	Doc:              "provide an AST inspector built on first use (reports nothing)",
	URL:              "https://pkg.go.dev/github.com/tmplint/tmplint/passes/lazyinspect",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Inspector](),
}

// An Inspector builds the package's inspector once, on the first call to
// Get; analyzers of the same package may call it concurrently.
type Inspector struct {
	files []*ast.File
	once  sync.Once
	ins   *inspector.Inspector
}

// Get returns the inspector of the package's files.
func (l *Inspector) Get() *inspector.Inspector {
	l.once.Do(func() { l.ins = inspector.New(l.files) })
	return l.ins
}

func run(pass *analysis.Pass) (any, error) {
	return &Inspector{files: pass.Files}, nil
}
