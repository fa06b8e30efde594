package pathflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Exits classifies the calls that do not return, for Query.Exit. It knows
// the standard library and popular logging packages by name, and the
// functions of the current package by their bodies: one that calls a
// process-ending function as a statement ends the process too.
type Exits struct {
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]bool
}

// NewExits returns the classifier for a package.
func NewExits(info *types.Info, files []*ast.File) *Exits {
	e := &Exits{info: info, decls: make(map[*types.Func]*ast.FuncDecl), memo: make(map[*types.Func]bool)}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					e.decls[fn] = fd
				}
			}
		}
	}
	return e
}

// Kind classifies a call that does not return.
func (e *Exits) Kind(call *ast.CallExpr) ExitKind {
	if isPanic(e.info, call) {
		return Panic
	}
	fn, _ := typeutil.Callee(e.info, call).(*types.Func)
	if fn != nil && e.endsProcess(fn) {
		return ProcessExit
	}
	return Goexit
}

// EndsProcess reports whether a call to fn ends the process without running
// deferred calls.
func (e *Exits) EndsProcess(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(e.info, call).(*types.Func)
	return fn != nil && e.endsProcess(fn)
}

// NoReturnFunc reports whether a call to fn does not return: it ends the
// process (os.Exit, log.Fatal, a function of the package that calls one)
// or stops the goroutine (runtime.Goexit, t.Fatal).
func (e *Exits) NoReturnFunc(fn *types.Func) bool {
	return knownGoexit(fn) || e.endsProcess(fn)
}

// EndsProcessFunc reports whether a call to fn ends the process without
// running deferred calls.
func (e *Exits) EndsProcessFunc(fn *types.Func) bool { return e.endsProcess(fn) }

func (e *Exits) endsProcess(fn *types.Func) bool {
	if knownProcessExit(fn) {
		return true
	}
	d := e.decls[fn]
	if d == nil {
		return false
	}
	if r, ok := e.memo[fn]; ok {
		return r
	}
	e.memo[fn] = false // cycles
	r := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if r {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
				if g, ok := typeutil.Callee(e.info, call).(*types.Func); ok && e.endsProcess(g) {
					r = true
				}
			}
		}
		return true
	})
	e.memo[fn] = r
	return r
}

// processExits lists, by package path, the functions and methods
// ("Type.Method") that end the process without unwinding the stack.
var processExits = map[string][]string{
	"os":                         {"Exit"},
	"syscall":                    {"Exit"},
	"log":                        {"Fatal", "Fatalf", "Fatalln", "Logger.Fatal", "Logger.Fatalf", "Logger.Fatalln"},
	"k8s.io/klog":                {"Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln"},
	"k8s.io/klog/v2":             {"Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln"},
	"github.com/sirupsen/logrus": {"Exit", "Fatal", "Fatalf", "Fatalln", "Logger.Exit", "Logger.Fatal", "Logger.Fatalf", "Logger.Fatalln", "Entry.Fatal", "Entry.Fatalf", "Entry.Fatalln"},
	"go.uber.org/zap":            {"Logger.Fatal", "SugaredLogger.Fatal", "SugaredLogger.Fatalf", "SugaredLogger.Fatalw", "SugaredLogger.Fatalln"},
}

func knownProcessExit(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	names, ok := processExits[fn.Pkg().Path()]
	if !ok {
		return false
	}
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := t.(*types.Named)
		if !ok {
			return false
		}
		name = named.Obj().Name() + "." + name
	}
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}
