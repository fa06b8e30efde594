package cloexec

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Container tools run a function of a library as the whole program of a
// process they start by executing their own binary again: the library
// registers it under a name (reexec.Register("storage-mountfrom",
// mountFromMain)), and main's first statement, reexec.Init(), runs the
// function registered under os.Args[0] and ends. In that process the
// registered function is the program, as main is for a main package: a
// descriptor it makes without close-on-exec can leak only into a process
// that it, or what it calls, starts. When its body may start none, the
// finding is strict-only (containers/storage's overlay mount helper opens
// each lower layer and mounts it through /proc/self/fd).
//
// A registry of program entries is known by its shape, not its name: a
// function that stores its func() parameter in a package-level map keyed
// by its string parameter, in a package that looks that map up at
// os.Args[0] (the registersEntry fact).

// registersEntry is the fact of a function that registers its parameter
// Param, a func(), as the program of a re-executed process.
type registersEntry struct {
	Param int
}

func (*registersEntry) AFact()           {}
func (f *registersEntry) String() string { return "registersEntry" }

// exportEntryRegistries exports the registersEntry facts of the package.
func (c *checker) exportEntryRegistries() {
	if pkgtypes.IsStd(c.pass.Pkg.Path()) {
		return // no registry of program entries there: spare go vet std the walk
	}
	info := c.pass.TypesInfo
	// The package-level maps looked up at os.Args[0].
	byArg0 := make(map[*types.Var]bool)
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			ix, ok := n.(*ast.IndexExpr)
			if !ok || !isArgs0(info, ix.Index) {
				return true
			}
			if v := packageMap(c.pass.Pkg, info, ix.X); v != nil {
				byArg0[v] = true
			}
			return true
		})
	}
	if len(byArg0) == 0 {
		return
	}
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			params := fn.Signature().Params()
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
					return true
				}
				ix, ok := as.Lhs[0].(*ast.IndexExpr)
				if !ok || !byArg0[packageMap(c.pass.Pkg, info, ix.X)] {
					return true
				}
				key, val := paramIndex(info, params, ix.Index), paramIndex(info, params, as.Rhs[0])
				if key < 0 || val < 0 {
					return true
				}
				if b, ok := params.At(key).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
					return true
				}
				if sig, ok := params.At(val).Type().Underlying().(*types.Signature); !ok || sig.Params().Len() != 0 || sig.Results().Len() != 0 {
					return true
				}
				c.pass.ExportObjectFact(fn, &registersEntry{Param: val})
				return false
			})
		}
	}
}

// isArgs0 reports whether e is os.Args[0].
func isArgs0(info *types.Info, e ast.Expr) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return false
	}
	tv, ok := info.Types[ix.Index]
	if !ok || tv.Value == nil || tv.Value.String() != "0" {
		return false
	}
	sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Args"
}

// packageMap returns the package-level map variable e names, or nil.
func packageMap(pkg *types.Package, info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() != pkg.Scope() {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Map); !ok {
		return nil
	}
	return v
}

// paramIndex returns the index of the parameter e names, or -1.
func paramIndex(info *types.Info, params *types.Tuple, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	for i := range params.Len() {
		if info.Uses[id] == params.At(i) {
			return i
		}
	}
	return -1
}

// entries returns, once, the functions of the package registered as the
// program of a re-executed process.
func (c *checker) entries() map[*types.Func]bool {
	if c.entryMemo != nil {
		return c.entryMemo
	}
	c.entryMemo = make(map[*types.Func]bool)
	info := c.pass.TypesInfo
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := typeutil.Callee(info, call).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
				return true
			}
			var f registersEntry
			if !c.pass.ImportObjectFact(fn, &f) || f.Param >= len(call.Args) {
				return true
			}
			if id, ok := ast.Unparen(call.Args[f.Param]).(*ast.Ident); ok {
				if entry, ok := info.Uses[id].(*types.Func); ok && entry.Pkg() == c.pass.Pkg {
					c.entryMemo[entry] = true
				}
			}
			return true
		})
	}
	return c.entryMemo
}

// inQuietEntry reports whether the site is in the body of a registered
// program entry whose body may start no process.
func (c *checker) inQuietEntry(s *site) bool {
	d, ok := s.fun.(*ast.FuncDecl)
	if !ok || d.Recv != nil || d.Type.Params.NumFields() != 0 || d.Type.Results.NumFields() != 0 {
		return false // an entry is a func(): no need to look for registrations
	}
	fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	return ok && c.entries()[fn] && !c.bodyStarts(fn)
}
