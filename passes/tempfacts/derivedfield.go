package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A path inside the object reaches a print by ways other than a local
// variable: a field of a local value (c.Dir = build[0] on the command that
// then runs there, later filepath.Join(c.Dir, "out")), and the matches of
// a glob inside the object (build, _ := filepath.Glob(filepath.Join(dir,
// "*")); build[0]). Both hold paths inside it as surely as a join does:
// what they name is shown to the user when printed, kept in use when
// stored, as for any derived path.

// A localField is one field of one local variable: c.Dir.
type localField struct {
	v, field *types.Var
}

// localFieldOf returns the local variable and field that e selects
// (x.f, one level, x declared in the tracked function), or false.
func (t *Tracker) localFieldOf(e ast.Expr) (localField, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return localField{}, false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return localField{}, false
	}
	v, _ := t.info.Uses[id].(*types.Var)
	f := t.fieldOf(sel)
	if v == nil || f == nil || !t.local(v) {
		return localField{}, false
	}
	return localField{v, f}, true
}

// derivedFieldStores marks the fields of local values that are assigned
// a path inside the object, to a fixed point with the other aliases.
func (t *Tracker) derivedFieldStores(pairs []aliasPair) bool {
	changed := false
	for _, p := range pairs {
		if p.rhs == nil || p.other {
			continue
		}
		lf, ok := t.localFieldOf(p.lhs)
		if !ok || t.derivedFields[lf] || !t.derivedExpr(p.rhs) {
			continue
		}
		t.derivedFields[lf], changed = true, true
	}
	return changed
}

// derivedSelection reports whether e reads a field of a local value that
// was assigned a path inside the object.
func (t *Tracker) derivedSelection(e *ast.SelectorExpr) bool {
	lf, ok := t.localFieldOf(e)
	return ok && t.derivedFields[lf]
}

// globsInside reports whether call is filepath.Glob (or fs.Glob on
// nothing else) of a pattern inside the object: its matches are paths
// inside it.
func (t *Tracker) globsInside(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(t.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "path/filepath" || fn.Name() != "Glob" || len(call.Args) != 1 {
		return false
	}
	return t.derivedExpr(call.Args[0])
}
