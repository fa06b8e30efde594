package execfd

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"
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
// files that the function created: "files = append(files, f)".
func (fn *fun) fileCollection(s *types.Var) *collection {
	if fn.fileColls == nil {
		fn.fileColls = make(map[*types.Var]*collection)
	}
	if col, ok := fn.fileColls[s]; ok {
		return col
	}
	var col *collection
	info := fn.info()
	ast.Inspect(fn.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || fn.localVar(as.Lhs[0]) != s {
			return true
		}
		for _, e := range sliceElems(info, as.Rhs[0]) {
			if w := fn.localVar(e); w != nil && fn.files[w] != nil {
				if col == nil {
					col = &collection{v: s, files: true}
				}
				col.appends = append(col.appends, as)
				break
			}
		}
		return true
	})
	fn.fileColls[s] = col
	return col
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
	deferred := deferredBefore(fn.body, start.Pos(), released)
	q := &pathflow.Query{
		Info:     fn.info(),
		CFG:      fn.cfg,
		Creation: start,
		Err:      errVar,
		Deferred: deferred,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			if released[n] {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return pathflow.Action{}
		},
	}
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
