package tempfacts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// An error value built at a return with the object's path (or a path
// inside it) in one of its fields hands that path to the user as
// fmt.Errorf does, when its type's Error method says the path is kept for
// them (restic's upgrade_repo.go: "return &upgradeRepoV2Error{
// BackupFilePath: backupFileName}", whose Error says "there is a backup of
// the config file in %v"): the return shows the object; removing it there
// would delete what the user is told to recover from. An error type whose
// Error names the path only as context (os.PathError: "open p: ...")
// shows nothing, as fmt.Errorf("writing %s: %w") does not.

// recoveryError reports whether the result e is such an error value: a
// composite literal (or its address), or a local variable whose only value
// is one (its fields may be set on the way), of a type declared in this package
// that implements error, with the object or a path inside it in a field,
// whose Error method's string constants say the path is kept
// (recoveryFormat).
func (t *Tracker) recoveryError(e ast.Expr) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		// "repoError := &upgradeRepoV2Error{...}; ...; return repoError"
		v, _ := t.info.Uses[id].(*types.Var)
		if v == nil || !t.local(v) {
			return false
		}
		e = t.res.dirs.Value(id) // its only assignment, the declaration
		if e == nil {
			return false
		}
		e = ast.Unparen(e)
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	holds := false
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if t.holds(elt) != holdsNothing {
			holds = true
		}
	}
	if !holds {
		return false
	}
	typ := t.info.TypeOf(lit)
	if typ == nil {
		return false
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	for _, rt := range []types.Type{typ, types.NewPointer(typ)} {
		if !types.Implements(rt, errType) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(rt, true, t.res.pkg, "Error")
		fn, ok := obj.(*types.Func)
		if !ok {
			return false
		}
		d := t.res.decls[fn.Origin()]
		return d != nil && t.formatsForRecovery(d.Body)
	}
	return false
}

// formatsForRecovery reports whether a string constant in body says that
// a path is kept for the user.
func (t *Tracker) formatsForRecovery(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if tv, ok := t.info.Types[lit]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && recoveryFormat(constant.StringVal(tv.Value)) {
				found = true
			}
		}
		return true
	})
	return found
}
