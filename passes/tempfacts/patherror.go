package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// An error of the os package names the path it failed on (*PathError):
//
//	if err := os.WriteFile(filepath.Join(dir, "x.go"), b, 0o644); err != nil {
//		log.Fatal(err) // "open /tmp/work123/x.go: permission denied"
//	}
//
// printing it shows the user a path inside the object, as printing the
// path itself does. Only an error variable assigned once is judged (the
// usual "if err := ...; err != nil"): a shared err, assigned by other
// calls too, may hold another error at the print.

// pathNamingOps are the os functions whose first argument is a path that
// their error names.
var pathNamingOps = map[string]bool{
	"Create": true, "Open": true, "OpenFile": true, "ReadFile": true, "WriteFile": true,
	"Stat": true, "Lstat": true, "Mkdir": true, "MkdirAll": true, "ReadDir": true,
	"Chmod": true, "Chown": true, "Truncate": true, "Readlink": true,
}

// printsPathError reports whether call prints (stdPrinters) an error that
// names a path inside the object or the object itself.
func (t *Tracker) printsPathError(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(t.info, call).(*types.Func)
	if !ok || !stdPrinters[funcKey(fn)] || t.mode == Close {
		return false
	}
	for _, a := range call.Args {
		if t.namesPathError(a) {
			return true
		}
	}
	return false
}

// namesPathError reports whether e is a local error variable assigned
// once, from a call of an os function on a path that holds the object.
func (t *Tracker) namesPathError(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || t.body == nil {
		return false
	}
	v, _ := t.info.Uses[id].(*types.Var)
	if v == nil || !t.local(v) || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	if named, ok := t.pathErrs[v]; ok {
		return named
	}
	named := t.assignedPathError(v)
	if t.pathErrs == nil {
		t.pathErrs = make(map[*types.Var]bool)
	}
	t.pathErrs[v] = named
	return named
}

// assignedPathError reports whether the error variable v is assigned
// once, from a call of an os function on a path that holds the object.
func (t *Tracker) assignedPathError(v *types.Var) bool {
	var from *ast.CallExpr
	assigned := 0
	ast.Inspect(t.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && t.info.ObjectOf(lid) == types.Object(v) {
				assigned++
				if len(as.Rhs) == 1 && i == len(as.Lhs)-1 {
					from, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				}
			}
		}
		return true
	})
	if assigned != 1 || from == nil || len(from.Args) == 0 {
		return false
	}
	op, ok := typeutil.Callee(t.info, from).(*types.Func)
	if !ok || op.Pkg() == nil || op.Pkg().Path() != "os" || !pathNamingOps[op.Name()] {
		return false
	}
	if sig, ok := op.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return false
	}
	return t.holds(from.Args[0]) != holdsNothing
}
