package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// ExclusiveAssign returns the assignment of call when it is the creation
// of a creator's own loop over random names in the function fn (see
// exclusiveAssign), or nil. stack holds the call's ancestors in fn's body.
// The caller checks that the object is removed or handed on, as for
// os.CreateTemp: the function made it, and a path on which it neither
// returns nor removes it leaks it.
func (r *Result) ExclusiveAssign(fn ast.Node, call *ast.CallExpr, stack []ast.Node) *Assign {
	d, ok := fn.(*ast.FuncDecl)
	if ok && d.Body != nil {
		if a := r.exclusiveAssign(d, call, stack); a != nil {
			return a
		}
	}
	return r.randomDirAssign(fn, call, stack) // randomdir.go
}

// exclusiveAssign recognizes, in the function d, a creator's own loop over
// random names, as os.CreateTemp and os.MkdirTemp are written:
//
//	for {
//		name := filepath.Join(dir, prefix+strconv.Itoa(rand.Int()))
//		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
//		if os.IsExist(err) {
//			continue
//		}
//		return f, err
//	}
//
// call must be a call whose constant flag argument includes O_CREATE and
// O_EXCL and whose first result is an *os.File (os.OpenFile, or a method
// of a file system interface of the program's own: the object is the
// file), or an os.Mkdir (the object is the name, a variable), at a name
// with a random part, in a loop that retries when the name exists. The
// syntax only preselects the call (its callee, its constant flags, its
// assignment); the SSA form of d decides the rest (exclusivessa.go). It
// returns the assignment of the call as a creation, or nil. Only the
// returnsTemp fact uses it: what such a function returns is a temp object
// for its callers, as from os.CreateTemp.
func (r *Result) exclusiveAssign(d *ast.FuncDecl, call *ast.CallExpr, stack []ast.Node) *Assign {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || len(call.Args) == 0 || len(stack) == 0 {
		return nil
	}
	var kind Kind
	switch {
	case fn.Pkg().Path() == "os" && fn.Name() == "Mkdir":
		kind = Dir
	case opensFile(fn) && r.exclusiveFlagsArg(call) >= 0:
		kind = File
	default:
		return nil
	}
	lhs, rhs := pathflow.AssignSides(stack[len(stack)-1])
	if len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(call) {
		return nil
	}
	ident := func(e ast.Expr) *ast.Ident { id, _ := e.(*ast.Ident); return id }
	a := &Assign{Stmt: stack[len(stack)-1], Creation: &Creation{Call: call, Callee: fn, Kind: kind, Cleanup: -1}}
	name := ast.Unparen(call.Args[0])
	switch kind {
	case File:
		if len(lhs) != 2 {
			return nil
		}
		a.Object, a.Err = ident(lhs[0]), ident(lhs[1])
	case Dir:
		if len(lhs) != 1 {
			return nil
		}
		a.Object, a.Err = ident(name), ident(lhs[0])
		if a.Object == nil {
			return nil // the name must be kept to be returned
		}
	}
	nameValue := r.exclusiveLoop(d, call)
	if a.Object == nil || nameValue == nil {
		return nil
	}
	// The parent directory, for the fact's DirParam: the filepath.Join
	// (or concatenation) that built the name, whose first element it is.
	a.Creation.DirArg = name
	if kind == File {
		a.Name = ident(name)
	}
	if _, ok := name.(*ast.Ident); ok {
		if built := exprAt(d.Body, cellValue(nameValue)); built != nil {
			a.Creation.DirArg = built
		}
	}
	return a
}

// randPackages make random values.
var randPackages = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

// callsRand reports whether body calls into a random package.
func callsRand(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil && randPackages[fn.Pkg().Path()] {
				found = true
			}
		}
		return !found
	})
	return found
}
