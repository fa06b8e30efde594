package lazyssa

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Bodies builds a new SSA form of the package in which only the declared
// functions that keep reports true have a body (with the function literals
// inside them); every other function is a member without one, as a
// function of an imported package is. Of the package-level variables, only
// those whose initializer inits reports true (inits may be nil: none) are
// initialized, in the package initializer (the member "init"), whose
// AnonFuncs are the function literals of those initializers: a literal
// assigned to a package variable, or nested in its initializer, has a body
// only when its initializer is kept. Instructions that call or name the
// others still say which function they are (StaticCallee, Object).
//
// An analyzer that needs a few functions' forms asks for those: the body
// of one function does not depend on the bodies of the others, and
// building every body of a large package costs more than its type
// checking (cmd/compile/internal/ssa's generated rewrite rules, opGen's
// tables) when only a handful of its functions hold anything to follow.
// Each call builds anew; the caller keeps what it gets. It does not touch
// the form that Package and Functions return. The initializers are chosen
// one by one for the same reason: a large package's tables are most of its
// initializer (cmd/compile's opGen, unicode's tables).
func (p *Program) Bodies(keep func(*types.Func) bool, inits func(*types.Initializer) bool) *ssa.Package {
	return p.bodies(keep, inits, false)
}

// DebugBodies is Bodies with debug information: every expression of the
// bodies built that computes a value is tied to it by a DebugRef (a local
// variable's uses and assignments included), so that an analyzer can ask
// which value an expression of the syntax is, and which expressions a
// value is.
func (p *Program) DebugBodies(keep func(*types.Func) bool, inits func(*types.Initializer) bool) *ssa.Package {
	return p.bodies(keep, inits, true)
}

func (p *Program) bodies(keep func(*types.Func) bool, inits func(*types.Initializer) bool, debug bool) *ssa.Package {
	pass := p.pass
	prog := ssa.NewProgram(pass.Fset, 0)
	createImports(prog, pass.Pkg)

	// The files are shallow copies whose declarations of the functions not
	// kept have no body; the syntax they share with the pass is not
	// changed. The copies keep their originals' Go versions (which decide,
	// among others, whether a loop variable is per iteration).
	info := *pass.TypesInfo
	info.InitOrder = nil // only the initializers asked for are built
	if inits != nil {
		for _, init := range pass.TypesInfo.InitOrder {
			if inits(init) {
				info.InitOrder = append(info.InitOrder, init)
			}
		}
	}
	info.FileVersions = make(map[*ast.File]string, len(pass.Files))
	files := make([]*ast.File, len(pass.Files))
	for i, f := range pass.Files {
		copied := *f
		copied.Decls = make([]ast.Decl, len(f.Decls))
		for j, decl := range f.Decls {
			copied.Decls[j] = decl
			d, ok := decl.(*ast.FuncDecl)
			if !ok || d.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok && keep(fn) {
				continue
			}
			copied.Decls[j] = &ast.FuncDecl{Doc: d.Doc, Recv: d.Recv, Name: d.Name, Type: d.Type}
		}
		files[i] = &copied
		if v, ok := pass.TypesInfo.FileVersions[f]; ok {
			info.FileVersions[&copied] = v
		}
	}
	pkg := prog.CreatePackage(pass.Pkg, files, &info, false)
	pkg.SetDebugMode(debug)
	pkg.Build()
	return pkg
}

// createImports creates the packages that pkg imports directly, from
// their types alone (no bodies). The builder needs no others: code can
// name a package-level function or variable only of its own package or of
// a direct import, and it makes the methods of other packages' types on
// demand. Creating every package of the import graph, as buildssa does,
// cost more than building the bodies asked for (1.1 s of 1.4 s on
// cmd/go/..., where each form is built anew).
func createImports(prog *ssa.Program, pkg *types.Package) {
	for _, q := range pkg.Imports() {
		prog.CreatePackage(q, nil, nil, true)
	}
}
