package execfd

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Files opened in a loop and handed to a child together, as the slice
// given to cmd.ExtraFiles, are the parent's copies like a single file: after
// the start every path must close each of them (a range loop that closes
// the element) or hand the slice on.

// checkFileCollections reports the slices of files created in the function
// and handed to a child that the parent does not close on every path after
// the start.
func (fn *fun) checkFileCollections() {
	if len(fn.files) == 0 {
		return
	}
	for _, cmd := range fn.sortedCmds() {
		for _, start := range cmd.starts {
			for _, v := range cmd.fields["ExtraFiles"] {
				if cmd.gen(v.Pos()) != cmd.gen(start.Pos()) {
					continue
				}
				s := fn.localVar(v)
				if s == nil {
					continue
				}
				if col := fn.fileCollection(s); col != nil {
					fn.checkFileCollection(col, start, cmd.startNames[start])
				}
			}
		}
	}
}

// fileCollection returns the collection when the local slice s is given
// files that the function created: "files = append(files, f)", a struct
// holding one, "pipes = append(pipes, pipe{r: r, w: w})", or a slice
// literal of them (collections.go).
func (fn *fun) fileCollection(s *types.Var) *collection {
	return fn.collections().files[s]
}

// fileSlices returns the collections, local slices of files, that the file
// v is put into anywhere in the function: closing the slice's elements,
// or handing the slice on, releases v too.
func (fn *fun) fileSlices(v *types.Var) []*collection {
	return fn.collections().fileCols[v]
}

// appendedInto reports whether the use id of a file is an element appended
// to one of the collections, itself or in a composite literal:
// "files = append(files, f)". Such an append moves the duty to close onto
// the slice; it is not a hand-off.
func (fn *fun) appendedInto(id *ast.Ident, cols []*collection) bool {
	col := fn.collections().fileElems[id]
	return col != nil && slices.Contains(cols, col)
}

func (fn *fun) checkFileCollection(col *collection, start *ast.CallExpr, what string) {
	if fn.isMain() {
		return
	}
	path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
	var errVar *types.Var
	if what == "Start" {
		errVar = fn.errOf(start, path)
	}
	released := fn.releases(col)
	// A deferred close registered before the start covers the returns.
	q := &pathflow.Query{
		Info:     fn.info(),
		CFG:      fn.cfg,
		Creation: start,
		Err:      errVar,
		Table:    fn.c.table,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			if released[n] {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return pathflow.Action{}
		},
	}
	fn.deferRelease(q, start.Pos(), released)
	for _, l := range pathflow.Leaks(q) {
		if l.Kind != pathflow.Return {
			continue
		}
		name := col.v.Name()
		fn.c.r.Report(analysis.Diagnostic{
			Pos: start.Pos(), End: start.End(),
			Message: fmt.Sprintf("the files in %s are handed to the child but the parent does not close them after %s on some path: the parent keeps its copies of the descriptors open; close each file in %s right after %s",
				name, what, name, what),
			Related: related(l.Node, "this return leaves the files in "+name+" open"),
		})
		return
	}
}

// Files opened in a loop and appended straight to the command's ExtraFiles
// ("cmd.ExtraFiles = append(cmd.ExtraFiles, f)") are followed together as
// the elements of cmd.ExtraFiles: the loop variable names only the last.

// loopWithout reports whether node n lies in a for or range loop of the
// function that does not contain the start.
func (fn *fun) loopWithout(n, start ast.Node) bool {
	loop := fn.innermostLoop(n) // handoffstore.go
	return loop != nil && (start.Pos() < loop.Pos() || loop.End() < start.End())
}

// extraFilesReleases returns the nodes that close each of the files the
// command's ExtraFiles holds, found on the SSA form from the values read
// from the field: a loop that visits each and closes it (for _, f := range
// cmd.ExtraFiles { f.Close() }, or a counted loop over its indexes), or the
// argument of a call that may close them (closeAll(cmd.ExtraFiles...)).
func (fn *fun) extraFilesReleases(cmd *command) map[ast.Node]bool {
	released := make(map[ast.Node]bool)
	b := fn.values()
	if b == nil {
		return released
	}
	extra := make(map[ssa.Value]bool)
	for _, x := range b.vars[cmd.v] {
		for _, r := range *x.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.X != x || pkgtypes.FieldName(fa.X.Type(), fa.Field) != "ExtraFiles" {
				continue
			}
			for _, rr := range *fa.Referrers() {
				if l, ok := rr.(*ssa.UnOp); ok && l.Op == token.MUL {
					extra[l] = true
				}
			}
		}
	}
	// A loop that visits every element and closes each (countingloop.go):
	// each read of the field is a load of its own, the same value as
	// the one that bounds the loop (samevalue.go).
	for _, el := range fn.elemLoops() {
		if !extra[el.x] || !sameValue(el.lenOf(), el.x) || !fn.elemsReleased(b, el, true) {
			continue
		}
		released[el.node] = true
	}
	for l := range extra {
		for _, r := range *l.Referrers() {
			c, ok := r.(ssa.CallInstruction)
			if !ok {
				continue
			}
			call := fn.callsByLparen()[c.Common().Pos()]
			if call == nil || !call.Ellipsis.IsValid() {
				continue
			}
			for _, a := range call.Args {
				if b.value[ast.Unparen(a)] == l && fn.c.mayCloseArg(call, a) {
					released[a] = true
				}
			}
		}
	}
	return released
}

// checkExtraFilesLoop reports a start after which the parent does not close
// the files appended to cmd.ExtraFiles in a loop on some path.
func (fn *fun) checkExtraFilesLoop(cmd *command, start *ast.CallExpr, g token.Pos) {
	if fn.isMain() {
		return
	}
	info := fn.info()
	released := make(map[ast.Node]bool)
	// The files appended: each closed by a defer in the loop, or kept in
	// a slice of files too, whose release counts.
	for _, v := range cmd.fields["ExtraFiles"] {
		if cmd.gen(v.Pos()) != g {
			continue
		}
		for _, f := range fn.filesIn(sliceElems(info, v)) {
			if fn.deferredCloseBefore(f.v, start) {
				return
			}
			for _, col := range fn.fileSlices(f.v) {
				for n := range fn.releases(col) {
					released[n] = true
				}
			}
		}
	}
	for n := range fn.extraFilesReleases(cmd) {
		released[n] = true
	}
	what := cmd.startNames[start]
	path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
	var errVar *types.Var
	if what == "Start" {
		errVar = fn.errOf(start, path)
	}
	q := &pathflow.Query{
		Info:     info,
		CFG:      fn.cfg,
		Creation: start,
		Err:      errVar,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			if released[n] {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return pathflow.Action{}
		},
		ErrPredicate: fn.c.pred.Arg, Table: fn.c.table,
	}
	fn.deferRelease(q, start.Pos(), released)
	for _, l := range pathflow.Leaks(q) {
		if l.Kind != pathflow.Return {
			continue
		}
		name := cmd.v.Name() + ".ExtraFiles"
		fn.c.r.Report(analysis.Diagnostic{
			Pos: start.Pos(), End: start.End(),
			Message: fmt.Sprintf("the files opened in the loop and appended to %s are handed to the child but the parent does not close them after %s on some path: the parent keeps its copies of the descriptors open; close each file in %s right after %s",
				name, what, name, what),
			Related: related(l.Node, "this return leaves the files in "+name+" open"),
		})
		return
	}
}
