package pathflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// CFGs builds the control-flow graphs of one package's functions on
// demand, each at most once.
//
// It stands in for x/tools' ctrlflow pass, for speed: ctrlflow exports
// facts, so a driver runs it (and the inspector it requires) on every
// package of the import graph, and it builds a graph for every function.
// tmplint needs graphs only for the few functions that create a resource,
// and knows the calls that never return from a table (Exits) and from the
// package's own functions, which is what ctrlflow's facts would add for the
// standard library.
type CFGs struct {
	info     *types.Info
	decls    map[*types.Func]*ast.FuncDecl
	byDecl   map[*ast.FuncDecl]*cfg.CFG
	byLit    map[*ast.FuncLit]*cfg.CFG
	noReturn map[*types.Func]bool // this package's functions, once known
	started  map[*types.Func]bool // breaks recursion through callees
	files    []*ast.File
	tables   map[*types.Var]bool // package-level tables, once known (tables.go)
}

// NewCFGs returns the graph builder for the package whose syntax is files.
func NewCFGs(info *types.Info, files []*ast.File) *CFGs {
	c := &CFGs{
		info:     info,
		decls:    make(map[*types.Func]*ast.FuncDecl),
		byDecl:   make(map[*ast.FuncDecl]*cfg.CFG),
		byLit:    make(map[*ast.FuncLit]*cfg.CFG),
		noReturn: make(map[*types.Func]bool),
		started:  make(map[*types.Func]bool),
		files:    files,
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
	}
	return c
}

// FuncDecl returns the graph of a function declaration, or nil if it has
// no body.
func (c *CFGs) FuncDecl(d *ast.FuncDecl) *cfg.CFG {
	if d == nil || d.Body == nil {
		return nil
	}
	if g, ok := c.byDecl[d]; ok {
		return g
	}
	g := cfg.New(d.Body, c.mayReturn)
	c.byDecl[d] = g
	return g
}

// FuncLit returns the graph of a function literal.
func (c *CFGs) FuncLit(l *ast.FuncLit) *cfg.CFG {
	if l == nil || l.Body == nil {
		return nil
	}
	if g, ok := c.byLit[l]; ok {
		return g
	}
	g := cfg.New(l.Body, c.mayReturn)
	c.byLit[l] = g
	return g
}

var panicBuiltin = types.Universe.Lookup("panic")

// mayReturn reports whether a call may return normally. Unknown callees
// may: the graph then keeps the paths past them, which can only add
// findings that the release search then has to justify, never hide one.
func (c *CFGs) mayReturn(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && c.info.Uses[id] == panicBuiltin {
		return false
	}
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	if fn == nil {
		return true
	}
	fn = fn.Origin()
	if knownProcessExit(fn) || knownGoexit(fn) {
		return false
	}
	d, ok := c.decls[fn]
	if !ok {
		return true
	}
	if r, ok := c.noReturn[fn]; ok {
		return !r
	}
	if c.started[fn] {
		return true // recursion: assume it returns
	}
	c.started[fn] = true
	noReturn := c.FuncDecl(d).NoReturn()
	c.noReturn[fn] = noReturn
	return !noReturn
}

// knownGoexit reports whether fn stops the calling goroutine, running its
// deferred calls: runtime.Goexit and the testing methods built on it,
// called on a concrete *testing.T/B/F or through testing.TB.
func knownGoexit(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "runtime":
		return fn.Name() == "Goexit"
	case "testing":
		switch fn.Name() {
		case "FailNow", "Fatal", "Fatalf", "SkipNow", "Skip", "Skipf":
			sig, ok := fn.Type().(*types.Signature)
			return ok && sig.Recv() != nil
		}
	}
	return false
}
