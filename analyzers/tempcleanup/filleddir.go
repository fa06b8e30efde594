package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A temp directory removed with os.Remove (or an rmdir) is removed only
// when it is empty: the call fails on a directory that still holds
// entries, and a deferred os.Remove drops that error. When the function
// itself creates an entry in the directory (a file, directory, link or
// socket named by filepath.Join(dir, ...), or a temp object made in it)
// and removes neither that entry nor the tree, the directory stays on
// disk with its contents, although the function looks as if it cleaned
// up. The rule judges only a directory whose every use the function's own
// code explains: removed, joined into entry names, given to creations or
// to standard-library calls that read it. A directory or an entry handed
// to other code (a helper that may fill or empty it, a return, a field) is
// not judged: os.RemoveAll would then delete what that code holds.

// nonRecursiveRemovers remove a path only when it is a file or an empty
// directory.
var nonRecursiveRemovers = map[[2]string]bool{
	{"os", "Remove"}:                   true,
	{"syscall", "Rmdir"}:               true,
	{"golang.org/x/sys/unix", "Rmdir"}: true,
}

// filledDir holds what the function does with a temp directory and the
// entries it names in it.
type filledDir struct {
	c    *checker
	body *ast.BlockStmt // the function's body: where the directory and its entries are used
	dir  *types.Var
	// removals are the non-recursive removals of the directory.
	removals []*ast.CallExpr
	// created maps an entry (its variable, or the text of its name
	// expression) to the first creation of it.
	created map[any]*ast.CallExpr
	order   []any
	// removed holds the entries that are removed, renamed away, or given
	// to code that may do either.
	removed map[any]bool
	// unjudged is set when a use of the directory or an entry is not
	// understood.
	unjudged bool
}

// filledDirRemoved reports a temp directory whose only removals are
// non-recursive while the function leaves an entry in it.
func (c *checker) filledDirRemoved(fn ast.Node, cr *tempfacts.Creation, dir *types.Var) {
	if cr.Kind != tempfacts.Dir || dir == nil {
		return
	}
	body := funcBody(fn)
	if body == nil {
		return
	}
	d := &filledDir{c: c, body: body, dir: dir, created: map[any]*ast.CallExpr{}, removed: map[any]bool{}}
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == dir && len(stack) > 0 {
			d.dirUse(id, stack)
		}
		return !d.unjudged
	})
	if d.unjudged || len(d.removals) == 0 {
		return
	}
	for _, key := range d.order {
		if d.removed[key] {
			continue
		}
		create := d.created[key]
		if !d.removedAfter(create) {
			continue
		}
		d.report(cr, create)
		return
	}
}

// dirUse records one use of the directory variable.
func (d *filledDir) dirUse(id *ast.Ident, stack []ast.Node) {
	info := d.c.pass.TypesInfo
	switch parent := stack[len(stack)-1].(type) {
	case *ast.CallExpr:
		if id == parent.Fun {
			d.unjudged = true
			return
		}
		fn, _ := typeutil.Callee(info, parent).(*types.Func)
		switch {
		case fn == nil || fn.Pkg() == nil:
			d.unjudged = true
		case isRemover(fn, nonRecursiveRemovers) && parent.Args[0] == ast.Expr(id):
			d.removals = append(d.removals, parent)
		case isJoin(fn) && parent.Args[0] == ast.Expr(id):
			d.entry(parent, stack[:len(stack)-1])
		default:
			if call, ok := fscall.Match(info, parent); ok && (call.Kind == fscall.TempFile || call.Kind == fscall.TempDir) && parent.Args[0] == ast.Expr(id) {
				d.tempEntry(parent, stack[:len(stack)-1])
				return
			}
			if !readsOnly(fn) {
				d.unjudged = true // removed, renamed, or handed to code that may fill or empty it
			}
		}
	case *ast.BinaryExpr:
		if parent.Op == token.ADD && parent.X == ast.Expr(id) {
			d.entry(parent, stack[:len(stack)-1])
			return
		}
		if parent.Op != token.EQL && parent.Op != token.NEQ {
			d.unjudged = true
		}
	default:
		d.unjudged = true
	}
}

// entry records a name built on the directory: its creations, removals and
// hand-offs.
func (d *filledDir) entry(name ast.Expr, stack []ast.Node) {
	if len(stack) == 0 {
		d.unjudged = true
		return
	}
	info := d.c.pass.TypesInfo
	switch parent := stack[len(stack)-1].(type) {
	case *ast.AssignStmt:
		if len(parent.Lhs) != len(parent.Rhs) {
			d.unjudged = true
			return
		}
		for i, rhs := range parent.Rhs {
			if rhs != name {
				continue
			}
			id, ok := parent.Lhs[i].(*ast.Ident)
			v, _ := info.ObjectOf(id).(*types.Var)
			if !ok || v == nil || parent.Tok != token.DEFINE {
				d.unjudged = true
				return
			}
			d.entryVar(v)
		}
	case *ast.ParenExpr:
		d.entry(parent, stack[:len(stack)-1])
	default:
		d.nameUse(name, types.ExprString(name), stack)
	}
}

// entryVar follows the uses of a variable that holds an entry's name.
func (d *filledDir) entryVar(v *types.Var) {
	ast.PreorderStack(d.body, nil, func(n ast.Node, stack []ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && d.c.pass.TypesInfo.Uses[id] == v && len(stack) > 0 {
			d.nameUse(id, v, stack)
		}
		return !d.unjudged
	})
}

// nameUse records one use of an entry's name, keyed by key.
func (d *filledDir) nameUse(name ast.Expr, key any, stack []ast.Node) {
	info := d.c.pass.TypesInfo
	call, ok := stack[len(stack)-1].(*ast.CallExpr)
	if !ok {
		if _, ok := stack[len(stack)-1].(*ast.BinaryExpr); ok {
			return // a comparison, or a name built on the entry's
		}
		d.unjudged = true // stored, returned, captured: handed off
		return
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || name == call.Fun {
		d.unjudged = true
		return
	}
	if fc, ok := fscall.Match(info, call); ok && fc.Path == name && fc.Creates(info) == fscall.Yes {
		switch fc.Kind {
		case fscall.CreateFile, fscall.CreateDir, fscall.Link, fscall.Node, fscall.Bind:
			if d.created[key] == nil {
				d.created[key] = call
				d.order = append(d.order, key)
			}
			return
		}
	}
	switch {
	case isRemover(fn, stdRemoversOrRename):
		d.removed[key] = true
	case isJoin(fn), readsOnly(fn):
	default:
		d.removed[key] = true // code that may remove it
	}
}

// tempEntry records a temp file or directory made in the directory: it is
// removed when some removal in the function names its result.
func (d *filledDir) tempEntry(call *ast.CallExpr, stack []ast.Node) {
	assign, ok := stack[len(stack)-1].(*ast.AssignStmt)
	if !ok || len(assign.Lhs) == 0 {
		d.unjudged = true
		return
	}
	id, _ := assign.Lhs[0].(*ast.Ident)
	v, _ := d.c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if v == nil {
		d.unjudged = true
		return
	}
	if d.created[v] == nil {
		d.created[v] = call
		d.order = append(d.order, v)
	}
	ast.Inspect(d.body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) == 0 {
			return true
		}
		if fn, _ := typeutil.Callee(d.c.pass.TypesInfo, c).(*types.Func); fn != nil && isRemover(fn, stdRemoversOrRename) && mentionsVar(d.c.pass.TypesInfo, c.Args[0], v) {
			d.removed[v] = true
		}
		return true
	})
}

// removedAfter reports whether a removal of the directory runs after the
// creation: a deferred one, or one later in the function.
func (d *filledDir) removedAfter(create *ast.CallExpr) bool {
	for _, rm := range d.removals {
		if rm.Pos() > create.Pos() || d.c.deferred(rm) {
			return true
		}
	}
	return false
}

// report reports the directory at its creation, with a fix that removes
// the tree where the removal is os.Remove.
func (d *filledDir) report(cr *tempfacts.Creation, create *ast.CallExpr) {
	fset := d.c.pass.Fset
	rm := d.removals[0]
	var edits []analysis.TextEdit
	for _, r := range d.removals {
		sel, ok := r.Fun.(*ast.SelectorExpr)
		if fn, _ := typeutil.Callee(d.c.pass.TypesInfo, r).(*types.Func); !ok || fn.Pkg().Path() != "os" {
			edits = nil
			break
		}
		edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("RemoveAll")})
	}
	diag := analysis.Diagnostic{
		Pos: cr.Call.Pos(), End: cr.Call.End(),
		Message: fmt.Sprintf("%s from %s is removed with %s, which fails on a directory that is not empty, but the function creates %s in it (line %d) and does not remove it: the directory and its contents stay on disk; remove the tree with os.RemoveAll(%s)",
			what(cr, d.dir.Name()), d.c.calleeName(cr), calleeText(rm), d.entryName(create), fset.Position(create.Pos()).Line, d.dir.Name()),
		Related: []analysis.RelatedInformation{
			{Pos: create.Pos(), End: create.End(), Message: "entry created here"},
			{Pos: rm.Pos(), End: rm.End(), Message: "removal that fails while the entry exists"},
		},
	}
	if edits != nil {
		// Every entry is the function's own (its every use is explained),
		// but the tree now goes at the removal, where the code left it.
		diag.SuggestedFixes = []analysis.SuggestedFix{fixclass.ChangesFix("remove the directory tree with os.RemoveAll", fixclass.AddsRemoval, edits...)}
	}
	d.c.r.Report(diag)
}

// entryName names an entry for messages: its name as written, or "a temp
// file" for one made by os.CreateTemp in the directory.
func (d *filledDir) entryName(call *ast.CallExpr) string {
	if fc, ok := fscall.Match(d.c.pass.TypesInfo, call); ok {
		switch {
		case fc.Kind == fscall.TempFile:
			return "a temp file"
		case fc.Kind == fscall.TempDir:
			return "a temp directory"
		case fc.Path != nil:
			return types.ExprString(fc.Path)
		}
	}
	return "an entry"
}

// calleeText is the callee of a call as written: "os.Remove".
func calleeText(call *ast.CallExpr) string { return types.ExprString(call.Fun) }

// stdRemoversOrRename remove a path or move it away.
var stdRemoversOrRename = map[[2]string]bool{
	{"os", "Remove"}:                    true,
	{"os", "RemoveAll"}:                 true,
	{"os", "Rename"}:                    true,
	{"syscall", "Unlink"}:               true,
	{"syscall", "Rmdir"}:                true,
	{"syscall", "Rename"}:               true,
	{"golang.org/x/sys/unix", "Unlink"}: true,
	{"golang.org/x/sys/unix", "Rmdir"}:  true,
	{"golang.org/x/sys/unix", "Rename"}: true,
}

// isRemover reports whether fn is one of the functions in set.
func isRemover(fn *types.Func, set map[[2]string]bool) bool {
	return fn.Pkg() != nil && set[[2]string{fn.Pkg().Path(), fn.Name()}]
}

// isJoin reports whether fn joins path elements.
func isJoin(fn *types.Func) bool {
	path := fn.Pkg().Path()
	return fn.Name() == "Join" && (path == "path/filepath" || path == "path")
}

// readsOnly reports whether a standard-library function only reads or
// formats a path: it neither creates, removes nor renames what it names.
func readsOnly(fn *types.Func) bool {
	switch fn.Pkg().Path() {
	case "fmt", "log", "log/slog", "errors", "strings", "path", "path/filepath":
		return true
	case "os":
		switch fn.Name() {
		case "Stat", "Lstat", "ReadFile", "ReadDir", "Open", "Readlink", "Getenv", "Chdir":
			return true
		}
	case "testing":
		return true // t.Log, t.Logf, t.Errorf, ...
	}
	return false
}

// mentionsVar reports whether e refers to v.
func mentionsVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// deferred reports whether the call runs deferred: the call of a defer
// statement, or a call inside a function literal that a defer statement
// calls.
func (c *checker) deferred(call *ast.CallExpr) bool {
	found := false
	ast.Inspect(c.file, func(n ast.Node) bool {
		if found || n == nil || call.Pos() < n.Pos() || call.Pos() >= n.End() {
			return false
		}
		if d, ok := n.(*ast.DeferStmt); ok {
			if d.Call == call {
				found = true
			} else if lit, ok := d.Call.Fun.(*ast.FuncLit); ok && call.Pos() >= lit.Pos() && call.End() <= lit.End() {
				found = true
			}
		}
		return !found
	})
	return found
}
