package execfd

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/fieldflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/lazyssa"
)

// A descriptor that one method opens and keeps in a field, and another
// hands to the children it starts (cmd.ExtraFiles = s.files), is the
// struct's to close: the child has its own copy, and the parent's stays
// open until some function of the package closes it. When every value the
// package stores in the field is one it opened itself, the package uses
// it only to hand it to children (no function reads from it, writes to it
// or asks its Fd: a terminal that the parent also drives is kept on
// purpose), and no function of the package closes the field's value, hands
// it on, or gives it to code that may close it, each place that hands it
// to a child is reported: the
// parent keeps one descriptor per field for as long as it runs (a listener
// that a preforking server's children should own alone stays open in the
// parent too).
//
// The field is followed on the package's SSA form (internal/fieldflow),
// built only for packages that declare such a field and name a child's
// file slot (fieldflow.MayHandToChild: without one, no value reaches a
// child): a slice literal, an
// append, a range loop, an interface, a closure, a helper that closes its
// parameter are all the same chain of instructions there. A call through a
// function value borrows the field's value (the field still holds it
// after the call: a callback that closed it would leave the struct with a
// closed file), and only unexported fields are judged: an exported one may
// be closed by another package.

// checkFileFields reports the file fields handed to children and never
// closed.
func (c *checker) checkFileFields() {
	if !c.declaresFileField() || !fieldflow.MayHandToChild(c.pass.TypesInfo) {
		return // no field to judge, or none can reach a child: no SSA form
	}
	prog := c.pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
	fields := fieldflow.Analyze(prog.Package(), prog.Functions(), c.isFileField, fieldflow.Policy{
		Foreign:          c.foreignUse,
		FuncValuesBorrow: true,
	})
	for _, v := range sortedFields(fields) {
		f := fields[v]
		if !f.Owned() || len(f.Children) == 0 || f.Released() || len(f.Uses) > 0 {
			continue // the parent uses the descriptor itself: it keeps it on purpose
		}
		var opened fieldflow.Creation
		for _, s := range f.Stores {
			if s.Created != nil {
				opened = *s.Created
				break
			}
		}
		reported := make(map[any]bool)
		for _, site := range f.Children {
			if reported[site.Func] || c.r.Generated(c.fileOf(site)) {
				continue
			}
			reported[site.Func] = true
			c.r.Report(analysis.Diagnostic{
				Pos:     site.Pos,
				Message: fileFieldMessage(f.Var, site, opened),
			})
		}
	}
}

// fileFieldMessage says what is kept open and why.
func fileFieldMessage(v *types.Var, site fieldflow.Site, opened fieldflow.Creation) string {
	name := "field " + v.Name()
	if site.Recv != "" {
		name = site.Recv + "." + v.Name()
	}
	// A function literal's SSA name is its enclosing function's with
	// "$1", "$1$2" and so on: name the function the user wrote.
	where := opened.Func.Name()
	if i := strings.IndexByte(where, '$'); i > 0 {
		where = where[:i]
	}
	if _, ok := types.Unalias(v.Type()).(*types.Pointer); ok {
		return fmt.Sprintf("%s holds a descriptor this package opened (%s in %s) and hands it to the child here, but no function of the package closes it: the parent keeps its copy for as long as it runs; close it once the children that need it have started",
			name, opened.Name, where)
	}
	return fmt.Sprintf("%s holds descriptors this package opened (%s in %s) and hands them to the child here, but no function of the package closes them: the parent keeps its copy of each for as long as it runs; close them once the last child has started",
		name, opened.Name, where)
}

// declaresFileField is the cheap test that decides whether the SSA form is
// needed: an unexported field of the package that holds files.
func (c *checker) declaresFileField() bool {
	for _, obj := range c.pass.TypesInfo.Defs {
		if v, ok := obj.(*types.Var); ok && v.IsField() && c.isFileField(v) {
			return true
		}
	}
	return false
}

// isFileField reports whether the field is an unexported field of the
// package that holds an *os.File, or a slice, array or map of them.
func (c *checker) isFileField(v *types.Var) bool {
	if !v.IsField() || v.Exported() || v.Pkg() != c.pass.Pkg {
		return false
	}
	t := v.Type()
	switch u := t.Underlying().(type) {
	case *types.Slice:
		t = u.Elem()
	case *types.Array:
		t = u.Elem()
	case *types.Map:
		t = u.Elem()
	}
	return pkgtypes.IsOSFile(t)
}

// foreignUse is what a function of another package does with its argument
// i (0 is the receiver of a method): known by its fact, or judged by the
// parameter's type as mayClose does: an interface without a method that
// releases (an io.Writer, any) only uses the file or the command.
func (c *checker) foreignUse(fn *types.Func, i int) fieldflow.Use {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		if i == 0 && c.isWrapper(sig.Recv().Type()) {
			// The wrapper's Start and Wait are the command's (wrapper.go).
			switch fn.Name() {
			case "Start":
				return fieldflow.Borrows
			case "Wait":
				return fieldflow.Borrows | fieldflow.Releases
			}
		}
		if i == 0 {
			return fieldflow.Escapes
		}
		i--
	}
	if u, ok := c.importedUse(fn.Origin(), i); ok {
		use := fieldflow.Borrows
		if u&(useCloses|useWaits) != 0 {
			use |= fieldflow.Releases
		}
		if u&useTakes != 0 {
			use |= fieldflow.Escapes
		}
		return use
	}
	params := sig.Params()
	var pt types.Type
	switch {
	case sig.Variadic() && i >= params.Len()-1:
		return fieldflow.Escapes
	case i < params.Len():
		pt = params.At(i).Type()
	default:
		return fieldflow.Escapes
	}
	if iface, ok := pt.Underlying().(*types.Interface); ok && !pkgtypes.IsOSFile(pt) {
		for m := range iface.Methods() {
			switch m.Name() {
			case "Close", "Wait", "Release":
				return fieldflow.Escapes
			}
		}
		return fieldflow.Borrows
	}
	return fieldflow.Escapes
}

// fileOf returns the file that holds the site.
func (c *checker) fileOf(site fieldflow.Site) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= site.Pos && site.Pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// sortedFields orders the fields by position, for a stable report.
func sortedFields(m map[*types.Var]*fieldflow.Field) []*types.Var {
	vs := make([]*types.Var, 0, len(m))
	for v := range m {
		vs = append(vs, v)
	}
	slices.SortFunc(vs, func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return vs
}
