package temppath

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// createsAt is the fact of a function that uses some of its parameters
// as the path of a creation temppath judges (os.Create, os.MkdirAll,
// net.Listen("unix", p), syscall.Mkfifo, ...), directly or through the
// functions it calls: a caller passing a predictable shared temp path is
// reported at its call.
type createsAt struct {
	Params []ParamCreation
}

// A ParamCreation says that parameter Index is the path of a creation.
type ParamCreation struct {
	Index  int
	Joined bool   // constant names are joined to the parameter: filepath.Join(p, "x.sock")
	Call   string // the creation: "net.Listen"
	Where  string // its position: "server.go:42"
}

func (*createsAt) AFact() {}

func (f *createsAt) String() string {
	parts := make([]string, len(f.Params))
	for i, p := range f.Params {
		joined := ""
		if p.Joined {
			joined = "joined "
		}
		parts[i] = fmt.Sprintf("%d: %s%s", p.Index, joined, p.Call)
	}
	return "createsAt(" + strings.Join(parts, ", ") + ")"
}

// sharedVar is the fact of an exported package-level variable that holds
// a shared temp path (var Sock = "/tmp/app.sock", var Out =
// flag.String("o", "/tmp/out", ...)), or of an exported function without
// parameters whose every return gives one (func SocketPath() string {
// return "/tmp/app.sock" }): another package creating at it is judged as
// if the path were written there.
type sharedVar struct {
	Predictable      bool
	PredictableParts bool
	What             string // where it was defined: "var Sock", "the default of flag -o"
	Where            string // "config.go:12"
	Flag             bool
}

func (*sharedVar) AFact() {}

func (f *sharedVar) String() string {
	pred := "unpredictable"
	if f.Predictable {
		pred = "predictable"
	}
	return fmt.Sprintf("sharedVar(%s, %s)", pred, f.What)
}

// exportVars exports the sharedVar facts of the package's exported
// variables. Only an initializer that is itself a shared temp path is
// worth following through the package's assignments.
func (c *creations) exportVars() {
	info := c.pass.TypesInfo
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, id := range vs.Names {
					v, ok := info.Defs[id].(*types.Var)
					if !ok || !id.IsExported() || !stringOrPointer(v.Type()) {
						continue
					}
					if c.paths.Describe(vs.Values[i]).Loc != tempdir.Shared {
						continue
					}
					p := c.paths.Describe(id)
					if p.Loc != tempdir.Shared {
						continue
					}
					what, where := p.Origin.What, c.where(id)
					if p.Origin.Pos.IsValid() {
						where = c.whereAt(p.Origin.Pos)
					}
					c.pass.ExportObjectFact(v, &sharedVar{
						Predictable: p.Predictable, PredictableParts: p.PredictableParts,
						What: what, Where: where, Flag: p.Origin.Flag,
					})
				}
			}
		}
	}
}

// exportFuncs exports the sharedVar facts of the package's exported
// functions that take no parameters and return a string: every return
// statement's first result is a shared temp path.
func (c *creations) exportFuncs() {
	for _, file := range c.pass.Files {
		for _, decl := range file.Decls {
			d, ok := decl.(*ast.FuncDecl)
			if !ok || d.Body == nil || d.Recv != nil || !d.Name.IsExported() || len(d.Type.Params.List) != 0 || d.Type.Results == nil {
				continue
			}
			if fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
				c.exportFunc(fn, d)
			}
		}
	}
}

// exportFunc exports the fact of one such function. A generic one is
// judged on its own body, whose returns every instantiation shares (a
// result of a type parameter is no string), and its fact is found from
// an instance by its origin.
func (c *creations) exportFunc(fn *types.Func, d *ast.FuncDecl) {
	sig := fn.Signature()
	if !stringOrPointer(sig.Results().At(0).Type()) {
		return
	}
	var f *sharedVar
	for _, ret := range tempdir.ReturnStmts(d.Body) {
		if len(ret.Results) != sig.Results().Len() {
			f = nil // a bare return of named results: not followed
			break
		}
		p := c.paths.DescribeWith(ret.Results[0], c.foreign)
		if p.Loc != tempdir.Shared {
			f = nil
			break
		}
		if f == nil {
			f = &sharedVar{Predictable: p.Predictable, PredictableParts: p.PredictableParts}
		} else {
			f.Predictable = f.Predictable && p.Predictable
			f.PredictableParts = f.PredictableParts && p.PredictableParts
		}
	}
	if f != nil {
		f.What, f.Where = "the result of "+fn.Pkg().Name()+"."+fn.Name(), c.where(d.Name)
		c.pass.ExportObjectFact(fn, f)
	}
}

// foreign describes the variables and functions of other packages by
// their facts.
func (c *creations) foreign(obj types.Object) (tempdir.Path, bool) {
	var f sharedVar
	if !c.pass.ImportObjectFact(obj, &f) {
		return tempdir.Path{}, false
	}
	return tempdir.Path{
		Loc:         tempdir.Shared,
		Predictable: f.Predictable, PredictableParts: f.PredictableParts,
		Origin: tempdir.Origin{What: f.What, Where: f.Where, Flag: f.Flag},
	}, true
}

func stringOrPointer(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// createsPkg is the fact of a package that exports a function with a
// createsAt fact: the packages importing none such skip the search.
type createsPkg struct{}

func (*createsPkg) AFact()         {}
func (*createsPkg) String() string { return "createsPkg" }

// creations computes the createsAt facts of a package's functions.
type creations struct {
	pass  *analysis.Pass
	paths *tempdir.Result
	decls map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]*createsAt
	busy  map[*types.Func]bool
	// imports says some import of the package has functions with facts.
	imports bool
}

func newCreations(pass *analysis.Pass, paths *tempdir.Result) *creations {
	c := &creations{
		pass: pass, paths: paths,
		decls: make(map[*types.Func]*ast.FuncDecl),
		memo:  make(map[*types.Func]*createsAt),
		busy:  make(map[*types.Func]bool),
	}
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(createsPkg)) {
			c.imports = true
			break
		}
	}
	return c
}

// mayCreate reports whether any function of the package may create a
// file: it imports a package with creation calls, or one whose functions
// have facts.
func (c *creations) mayCreate() bool {
	return c.imports || pkgtypes.ImportsAny(c.pass.Pkg, "os", "io/ioutil", "net", "syscall", "golang.org/x/sys/unix")
}

// exportAll computes and exports the facts of the package's functions.
func (c *creations) exportAll() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
	}
	any := false
	for fn := range c.decls {
		if f := c.of(fn); f != nil {
			c.pass.ExportObjectFact(fn, f)
			any = true
		}
	}
	if c.exportFields() { // fieldcreation.go
		any = true
	}
	if any {
		c.pass.ExportPackageFact(new(createsPkg))
	}
}

// of returns the fact of fn, computing it for the package's functions.
func (c *creations) of(fn *types.Func) *createsAt {
	fn = fn.Origin()
	if f, ok := c.memo[fn]; ok {
		return f
	}
	if fn.Pkg() != c.pass.Pkg {
		var f createsAt
		if !c.imports || fn.Pkg() == nil || !c.pass.ImportObjectFact(fn, &f) {
			c.memo[fn] = nil
			return nil
		}
		c.memo[fn] = &f
		return &f
	}
	decl := c.decls[fn]
	if decl == nil || c.busy[fn] || !pathParams(fn) {
		return nil // recursion adds nothing
	}
	c.busy[fn] = true
	f := c.compute(fn, decl)
	delete(c.busy, fn)
	c.memo[fn] = f
	return f
}

// pathParams reports whether fn has a parameter that can carry a path.
func pathParams(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := range params.Len() {
		switch t := types.Unalias(params.At(i).Type()).(type) {
		case *types.Basic:
			if t.Info()&types.IsString != 0 {
				return true
			}
		case *types.Named, *types.Pointer, *types.Interface:
			return true // *net.UnixAddr, syscall.Sockaddr, a named string type
		}
	}
	return false
}

func (c *creations) compute(fn *types.Func, decl *ast.FuncDecl) *createsAt {
	info := c.pass.TypesInfo
	sig := fn.Signature()
	var out []ParamCreation
	seen := make(map[int]bool)
	add := func(i int, pc ParamCreation) {
		if !seen[i] {
			seen[i] = true
			pc.Index = i
			out = append(out, pc)
		}
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if fc, ok := fscall.Match(info, call); ok {
			if path := c.judged(&fc); path != nil {
				if i, joined, ok := c.paths.ParamPath(path, sig); ok {
					add(i, ParamCreation{Joined: joined, Call: fc.Name, Where: c.where(call)})
				}
			}
			return true
		}
		callee := typeutil.StaticCallee(info, call)
		if callee == nil || call.Ellipsis.IsValid() {
			return true
		}
		f := c.of(callee)
		if f == nil {
			return true
		}
		for _, pc := range f.Params {
			if pc.Index >= len(call.Args) {
				continue
			}
			if i, joined, ok := c.paths.ParamPath(call.Args[pc.Index], sig); ok {
				pc.Joined = pc.Joined || joined
				add(i, pc)
			}
		}
		return true
	})
	if len(out) == 0 {
		return nil
	}
	return &createsAt{Params: out}
}

// judged returns the path of a creation that temppath reports by default
// at a predictable shared temp name, or nil.
func (c *creations) judged(call *fscall.Call) ast.Expr {
	if call.Path == nil || call.Recv != nil || call.Raw && call.Kind != fscall.Node && call.Kind != fscall.Bind {
		return nil
	}
	switch call.Kind {
	case fscall.CreateFile, fscall.CreateDir, fscall.Link, fscall.Node, fscall.Bind:
	default:
		return nil
	}
	info := c.pass.TypesInfo
	if call.Creates(info) != fscall.Yes {
		return nil
	}
	if call.Kind == fscall.CreateFile && call.FlagSet(info, "O_EXCL", "O_EXCL") != fscall.No {
		return nil
	}
	return call.Path
}

func (c *creations) where(n ast.Node) string { return c.whereAt(n.Pos()) }

func (c *creations) whereAt(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
