package temppath

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A creation in a method that nothing can call is dead code: no run of
// the program makes the object, and the fix a maintainer applies is to
// delete the method (git-lfs's upload adapter kept a tempDir method that
// nothing calls any more). Its finding is strict-only. A method is dead
// when it is unexported, is used nowhere in the package (no call, no method
// value or expression), has no //go:linkname directive, and no interface
// type of the package has a method of its name (only such an interface can
// name an unexported method, and a value of the type may be called through
// it). The package's tests are part of the package when they are analyzed
// with it: a method only the tests call is not dead there. Plain functions
// are not judged: the rule stays with the shape seen in the field.

// A finding that folds creations of live functions into its own (a
// directory from a package-level name) is not dead.
// So is one that only seedless fuzz callbacks reach (fuzzonly.go).
func (c *checker) report(d analysis.Diagnostic) {
	dead := c.inDeadFunc(d.Pos) == yes
	fuzz := c.inFuzzOnly(d.Pos) == yes
	for _, rel := range d.Related {
		dead = dead && c.inDeadFunc(rel.Pos) != no
		fuzz = fuzz && c.inFuzzOnly(rel.Pos) != no
	}
	if dead || fuzz {
		c.r.ReportStrict(d)
		return
	}
	c.r.Report(d)
}

type answer int

const (
	outside answer = iota // in no function declaration
	yes
	no
)

// inDeadFunc says whether the position is inside a dead function, a live
// one, or no function declaration.
func (c *checker) inDeadFunc(pos token.Pos) answer {
	for _, file := range c.pass.Files {
		if file.FileStart > pos || pos > file.FileEnd {
			continue
		}
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if ok && fd.Pos() <= pos && pos < fd.End() {
				if c.dead(fd) {
					return yes
				}
				return no
			}
		}
	}
	return outside
}

// dead reports whether nothing can call the declared method.
func (c *checker) dead(fd *ast.FuncDecl) bool {
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok || fn.Exported() || fd.Recv == nil || fn.Name() == "_" {
		return false
	}
	if fd.Doc != nil {
		for _, cm := range fd.Doc.List {
			if strings.HasPrefix(cm.Text, "//export ") || strings.HasPrefix(cm.Text, "//go:linkname ") {
				return false
			}
		}
	}
	if c.deadMemo == nil {
		c.deadMemo = c.usedFuncs()
	}
	if c.deadMemo[fn] {
		return false
	}
	if fd.Recv != nil && c.interfaceNames()[fn.Id()] {
		return false
	}
	return true
}

// usedFuncs returns the package's functions and methods that some
// identifier uses (calls, function and method values, selections).
func (c *checker) usedFuncs() map[*types.Func]bool {
	used := make(map[*types.Func]bool)
	for _, obj := range c.pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == c.pass.Pkg {
			used[fn.Origin()] = true
		}
	}
	for _, sel := range c.pass.TypesInfo.Selections {
		if fn, ok := sel.Obj().(*types.Func); ok && fn.Pkg() == c.pass.Pkg {
			used[fn.Origin()] = true
		}
	}
	return used
}

// interfaceNames returns the ids of the methods of every interface type the
// package's code writes down.
func (c *checker) interfaceNames() map[string]bool {
	if c.ifaceIDs != nil {
		return c.ifaceIDs
	}
	c.ifaceIDs = make(map[string]bool)
	for _, tv := range c.pass.TypesInfo.Types {
		if tv.Type == nil {
			continue
		}
		if it, ok := tv.Type.Underlying().(*types.Interface); ok {
			for i := 0; i < it.NumMethods(); i++ {
				c.ifaceIDs[it.Method(i).Id()] = true
			}
		}
	}
	return c.ifaceIDs
}
