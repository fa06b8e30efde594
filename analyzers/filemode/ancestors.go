package filemode

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fscall"
)

// A socket or FIFO several levels below a directory that the program made
// private is out of other users' reach as much as one right inside it:
// to reach <root>/<id>/exec.fifo another user must search <root>. The
// path is often built far from the chmod — a root handed to a
// constructor, joined with an id, kept in a field, joined again where the
// node is made (runc: os.MkdirAll(root, 0o700) in Create, stateDir :=
// SecureJoin(root, id) stored in Container.stateDir, the exec FIFO at
// filepath.Join(c.stateDir, "exec.fifo")). privateAncestor walks up that
// construction: through local variables, joins, the values stored into a
// struct field anywhere in the package, and stops at a variable, field or
// parameter that code of the package makes private.
//
// The direct parent is judged by inPrivateDir, where os.MkdirAll proves
// nothing (the directory may have been there). Above it, a root made with
// os.MkdirAll(root, 0o700) under which the program makes its own
// directories is the program's private tree: an existing root of another
// mode is a broken installation, not something the code invites.

// maxAncestorSteps bounds the walk: paths are built in a few steps.
const maxAncestorSteps = 16

// privateAncestor reports whether a directory above the parent of the
// call's path is made private by code of this package.
func (c *checker) privateAncestor(call *fscall.Call) bool {
	if call.Path == nil {
		return false
	}
	private := c.privateRoots()
	// The walk starts at the path itself (level 0); its directory is
	// level 1, which counts when made private exclusively (os.Mkdir, a
	// chmod) anywhere in the package; the directories above it (level
	// 2) also when made with os.MkdirAll.
	type item struct {
		e     ast.Expr
		level int
	}
	work := []item{{call.Path, 0}}
	if parent := c.parentOf(call.Path); parent != nil {
		work = append(work, item{parent, 1})
	}
	seen := make(map[item]bool)
	counts := func(how privateHow, level int) bool {
		return level >= 2 || level == 1 && how == madeExclusive
	}
	for steps := 0; len(work) > 0 && steps < maxAncestorSteps; steps++ {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		it.e = ast.Unparen(it.e)
		if seen[it] {
			continue
		}
		seen[it] = true
		if obj := c.pathObject(it.e); obj != nil {
			if how, ok := private[obj]; ok && counts(how, it.level) {
				return true
			}
		}
		if key, ok := c.lookupKey(it.e); ok {
			if how, ok := c.ancestry.keys[key]; ok && counts(how, it.level) {
				return true
			}
		}
		for _, v := range c.sameAs(it.e) {
			work = append(work, item{v, it.level})
		}
		for _, p := range c.parentsOf(it.e) {
			work = append(work, item{p, min(it.level+1, 2)})
		}
	}
	return false
}

// pathObject returns the variable, constant, parameter or field that e
// names, or nil.
func (c *checker) pathObject(e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.pass.TypesInfo.ObjectOf(x)
	case *ast.SelectorExpr:
		if sel, ok := c.pass.TypesInfo.Selections[x]; ok && sel.Kind() == types.FieldVal {
			return sel.Obj()
		}
		return c.pass.TypesInfo.ObjectOf(x.Sel) // a package-level variable of another package
	}
	return nil
}

// sameAs returns the expressions whose value e may have: every value
// assigned to the variable or stored into the struct field it names. Any
// of them leading to a private root is enough: the same field is set by
// the constructor that makes the tree and by the loader that finds it
// again (runc's Create and Load).
func (c *checker) sameAs(e ast.Expr) []ast.Expr {
	if v, ok := c.pathObject(e).(*types.Var); ok {
		return c.storedValues()[v]
	}
	return nil
}

// parentsOf returns the directory of a path built by joining (std's
// filepath.Join and path.Join, or a join that keeps its result inside its
// first argument, as securejoin.SecureJoin), or by "dir + /name".
func (c *checker) parentsOf(e ast.Expr) []ast.Expr {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if len(x.Args) >= 2 && !x.Ellipsis.IsValid() && joinsInside(typeutil.Callee(c.pass.TypesInfo, x)) {
			return []ast.Expr{x.Args[0]}
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return []ast.Expr{x.X}
		}
	}
	return nil
}

// joinsInside reports whether fn returns a path inside its first argument.
// The standard joins, and github.com/cyphar/filepath-securejoin's, whose
// contract is exactly that (it resolves the rest within the root).
func joinsInside(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "path/filepath.Join", "path.Join",
		"github.com/cyphar/filepath-securejoin.SecureJoin":
		return true
	}
	return false
}

// privateRoots returns the variables, parameters, constants and fields
// that code of the package creates or chmods with a mode that grants the
// group and others nothing: os.Mkdir, os.MkdirAll (see above), a chmod,
// or a call of a function that does so to its parameter (privateparams.go).
// It also fills c.ancestry.keys, the settings read by name that are made
// private.
func (c *checker) privateRoots() map[types.Object]privateHow {
	if c.ancestry.roots != nil {
		return c.ancestry.roots
	}
	c.ancestry.roots = make(map[types.Object]privateHow)
	c.ancestry.keys = make(map[string]privateHow)
	info := c.pass.TypesInfo
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			k, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fc, ok := fscall.Match(info, k)
			if !ok || fc.Path == nil || fc.Mode == nil || fc.Kind != fscall.Chmod && fc.Kind != fscall.CreateDir {
				return true
			}
			if v, ok := c.modes.Value(fc.Mode); ok && v&0o077 == 0 {
				how := madeExclusive
				if fc.Kind == fscall.CreateDir && fc.Func.Name() == "MkdirAll" {
					how = madeIfAbsent
				}
				c.markPrivate(fc.Path, how)
			}
			return true
		})
	}
	c.privateArguments()
	return c.ancestry.roots
}

// markPrivate records that the path e is made private, and reports
// whether that is new.
func (c *checker) markPrivate(e ast.Expr, how privateHow) bool {
	changed := false
	if obj := c.pathObject(e); obj != nil && c.ancestry.roots[obj] < how {
		c.ancestry.roots[obj] = how
		changed = true
	}
	if key, ok := c.lookupKey(e); ok && c.ancestry.keys[key] < how {
		c.ancestry.keys[key] = how
		changed = true
	}
	return changed
}

// storedValues returns, for each variable and struct field of the
// package, the values stored into it: "T{f: v}", "x.f = v", "x := v",
// and for "x, err := join(...)" the call, whose first result is the path.
func (c *checker) storedValues() map[*types.Var][]ast.Expr {
	if c.ancestry.fields != nil {
		return c.ancestry.fields
	}
	c.ancestry.fields = make(map[*types.Var][]ast.Expr)
	info := c.pass.TypesInfo
	add := func(lhs, v ast.Expr) {
		var f *types.Var
		switch l := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			f, _ = info.ObjectOf(l).(*types.Var)
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[l]; ok && sel.Kind() == types.FieldVal {
				f, _ = sel.Obj().(*types.Var)
			}
		}
		if f != nil {
			c.ancestry.fields[f] = append(c.ancestry.fields[f], v)
		}
	}
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							add(id, kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				switch {
				case len(n.Lhs) == len(n.Rhs):
					for i, l := range n.Lhs {
						add(l, n.Rhs[i])
					}
				case len(n.Rhs) == 1:
					add(n.Lhs[0], n.Rhs[0])
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if i < len(n.Values) {
						add(id, n.Values[i])
					}
				}
			}
			return true
		})
	}
	return c.ancestry.fields
}

// privateHow says how a directory is made private.
type privateHow int

const (
	madeIfAbsent  privateHow = iota + 1 // os.MkdirAll: only if it was not there
	madeExclusive                       // os.Mkdir (fails if it exists) or a chmod
)

// ancestry caches privateAncestor's package-wide tables.
type ancestry struct {
	roots  map[types.Object]privateHow
	keys   map[string]privateHow // settings read by name (lookupKey)
	fields map[*types.Var][]ast.Expr
}
