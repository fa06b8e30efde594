// Package lazyinspect defines an Analyzer that provides AST inspectors for
// the files of a package, each built the first time an analyzer asks for it.
//
// x/tools' inspect pass builds one inspector for the whole package before
// any analyzer can look at it. Its table holds two events per syntax node,
// so on a package of generated code (cmd/compile/internal/ssa has three
// million nodes) it costs more memory than the syntax and types together,
// and more time than every check tmplint makes. tmplint's analyzers judge
// a few calls (os, os/exec, syscall, ...) and most files of a package make
// none of them: they find the calls with a plain walk, which allocates
// nothing, and ask for a file's inspector only where they need its cursors.
// Analyzers of the same package share each file's inspector.
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
	Doc:              "provide per-file AST inspectors built on first use (reports nothing)",
	URL:              "https://pkg.go.dev/github.com/tmplint/tmplint/passes/lazyinspect",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Inspector](),
}

// An Inspector builds the inspector of each file of the package once, on the
// first call to File for it; analyzers of the same package may call it
// concurrently.
type Inspector struct {
	files map[*ast.File]*lazyFile // not modified after the pass
}

type lazyFile struct {
	once sync.Once
	ins  *inspector.Inspector
}

// File returns the inspector of one file of the package, or nil if f is not
// one of the package's files.
func (l *Inspector) File(f *ast.File) *inspector.Inspector {
	lf := l.files[f]
	if lf == nil {
		return nil
	}
	lf.once.Do(func() { lf.ins = inspector.New([]*ast.File{f}) })
	return lf.ins
}

// FileCursor returns the cursor of file f in its inspector, built on first
// use, or false if f is not one of the package's files.
func (l *Inspector) FileCursor(f *ast.File) (inspector.Cursor, bool) {
	ins := l.File(f)
	if ins == nil {
		return inspector.Cursor{}, false
	}
	return ins.Root().FirstChild()
}

func run(pass *analysis.Pass) (any, error) {
	l := &Inspector{files: make(map[*ast.File]*lazyFile, len(pass.Files))}
	for _, f := range pass.Files {
		l.files[f] = new(lazyFile)
	}
	return l, nil
}
