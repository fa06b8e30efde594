package execfd

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A process that reaps every child itself, as container shims and init
// systems do (a loop around wait4(-1, ...), usually on SIGCHLD), leaves no
// zombie behind whatever its functions do with the children they start:
// a child that is not waited is reaped by the loop once it exits. Such a
// reaper in the package, a call of a function (of any package) that runs
// one, or an imported package whose initialization starts one (a
// reapsOnImport fact, seen through every import, direct or not), turns
// off the reports that a child stays a zombie; the reports about
// descriptors stay.
//
// A reaper started by a package that this one does not import is out of
// sight: containerd's runc shim starts a logging binary in one package
// and the reaper runs in another that only main imports. go/analysis sees
// a package with its imports, never with its importers, so that child is
// still reported (a //tmplint:ignore with the reason is the way out).

// reapsAll is the fact of a function that runs a loop around wait4(-1,
// ...), directly or by calling a function with the fact.
type reapsAll struct{}

func (*reapsAll) AFact()         {}
func (*reapsAll) String() string { return "reapsAll" }

// reapsOnImport is the fact of a package whose initialization (an init
// function, a package-level variable's initializer) starts a reaper loop,
// directly or through a function with the reapsAll fact: importing it is
// enough for every child of the process to be reaped.
type reapsOnImport struct{}

func (*reapsOnImport) AFact()         {}
func (*reapsOnImport) String() string { return "reapsOnImport" }

// reaps reports whether the package reaps every child: some code of it
// runs a reaper loop or calls a function that does, or a package it
// imports, directly or not, starts one when it is initialized.
func (c *checker) reaps() bool {
	if c.reapsMemo == 0 {
		c.reapsMemo = -1
		for _, f := range c.pass.AllPackageFacts() {
			if _, ok := f.Fact.(*reapsOnImport); ok && f.Package != c.pass.Pkg {
				c.reapsMemo = 1
				return true
			}
		}
		for _, f := range c.pass.Files {
			if c.runsReaper(f, nil) {
				c.reapsMemo = 1
				break
			}
		}
	}
	return c.reapsMemo > 0
}

// runsReaper reports whether the node holds a loop around wait4(-1, ...),
// or a call of a function with the reapsAll fact, or of a function of the
// package in local (the package's functions known to run one).
func (c *checker) runsReaper(n ast.Node, local map[*types.Func]bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.ForStmt:
			found = c.waitsAny(m.Body)
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(c.pass.TypesInfo, m).(*types.Func); ok && fn.Pkg() != nil {
				if fn.Pkg() == c.pass.Pkg {
					found = local[fn.Origin()]
				} else {
					found = c.pass.ImportObjectFact(fn.Origin(), new(reapsAll))
				}
			}
		}
		return !found
	})
	return found
}

// waitsAny reports whether the node calls wait4 with the pid -1: any child.
func (c *checker) waitsAny(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		if isWait4(c.pass.TypesInfo, call) && len(call.Args) > 0 {
			if tv, ok := c.pass.TypesInfo.Types[call.Args[0]]; ok && tv.Value != nil {
				if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok && v == -1 {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// exportReapers exports reapsAll for the exported functions that run a
// reaper loop, directly or through the package's own functions (Reap
// calling reap, as containerd's reaper does) or a function with the fact.
func (c *checker) exportReapers() {
	info := c.pass.TypesInfo
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	runs := make(map[*types.Func]bool)
	for changed := true; changed; {
		changed = false
		for fn, fd := range decls {
			if !runs[fn] && c.runsReaper(fd.Body, runs) {
				runs[fn], changed = true, true
			}
		}
	}
	for fn := range runs {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, new(reapsAll))
		}
	}
	if c.initRunsReaper(runs) {
		c.pass.ExportPackageFact(new(reapsOnImport))
	}
}

// initRunsReaper reports whether the package's initialization runs a
// reaper: an init function, or a package-level variable's initializer,
// that runs the loop or calls a function in runs or with reapsAll.
func (c *checker) initRunsReaper(runs map[*types.Func]bool) bool {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == "init" && d.Body != nil && c.runsReaper(d.Body, runs) {
					return true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok {
						for _, v := range vs.Values {
							if c.runsReaper(v, runs) {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}
