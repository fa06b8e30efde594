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
	if ok && d.Body != nil && !generic(d) {
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
	if a.Object == nil || !r.exclusiveLoop(d, call) {
		return nil
	}
	// The parent directory, for the fact's DirParam: the first argument
	// of the filepath.Join that built the name.
	a.Creation.DirArg = name
	if kind == File {
		a.Name = ident(name)
	}
	if id, ok := name.(*ast.Ident); ok {
		if v, ok := r.info.Uses[id].(*types.Var); ok {
			if values := r.assignedValues(d.Body)[v]; len(values) == 1 {
				a.Creation.DirArg = values[0]
			}
		}
	}
	return a
}

// assignedValues maps the local variables of a function's body to the
// values assigned to them.
func (r *Result) assignedValues(body *ast.BlockStmt) map[*types.Var][]ast.Expr {
	values := make(map[*types.Var][]ast.Expr)
	ast.Inspect(body, func(n ast.Node) bool {
		lhs, rhs := pathflow.AssignSides(n)
		if len(lhs) != len(rhs) {
			return true
		}
		for i, l := range lhs {
			if id, ok := l.(*ast.Ident); ok {
				if v := r.Var(id); v != nil {
					values[v] = append(values[v], rhs[i])
				}
			}
		}
		return true
	})
	return values
}

// randPackages make random values.
var randPackages = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

// randomName reports whether the name e has a random part: a call into
// math/rand or crypto/rand, a buffer filled by rand.Read, a function of
// the package that returns such a value, or a variable assigned one.
func (r *Result) randomName(body *ast.BlockStmt, e ast.Expr, values map[*types.Var][]ast.Expr, seen map[*types.Var]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			fn, ok := typeutil.Callee(r.info, n).(*types.Func)
			if !ok || fn.Pkg() == nil {
				return true
			}
			if randPackages[fn.Pkg().Path()] {
				found = true
			} else if callee := r.decls[fn.Origin()]; callee != nil && callee.Body != body && callsRand(r.info, callee.Body) {
				found = true // nextRandom()
			}
		case *ast.Ident:
			v, ok := r.info.Uses[n].(*types.Var)
			if !ok || seen[v] {
				return true
			}
			seen[v] = true
			for _, val := range values[v] {
				if r.randomName(body, val, values, seen) {
					found = true
				}
			}
			if !found && filledByRand(r.info, body, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

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

// filledByRand reports whether body fills the buffer v with random bytes:
// rand.Read(v), io.ReadFull(rand.Reader, v).
func filledByRand(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok || fn.Pkg() == nil {
			return true
		}
		random := randPackages[fn.Pkg().Path()]
		if fn.Pkg().Path() == "io" && len(call.Args) == 2 {
			if sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr); ok {
				if pv, ok := info.Uses[sel.Sel].(*types.Var); ok && pv.Pkg() != nil && randPackages[pv.Pkg().Path()] {
					random = true
				}
			}
		}
		if !random {
			return true
		}
		for _, a := range call.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
		}
		return true
	})
	return found
}
