// Package pkgtypes holds the small type and import tests that every
// analyzer's fast path and model share.
package pkgtypes

import (
	"go/ast"
	"go/token"
	"go/types"
)

// ImportsAny reports whether pkg directly imports one of the paths. It is
// the analyzers' first filter: a package that imports none of what an
// analyzer judges is skipped before any syntax is walked.
func ImportsAny(pkg *types.Package, paths ...string) bool {
	if pkg == nil {
		return false
	}
	for _, imp := range pkg.Imports() {
		for _, p := range paths {
			if imp.Path() == p {
				return true
			}
		}
	}
	return false
}

// IsNamed reports whether t, with aliases removed, is the named type
// path.name.
func IsNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// IsOSFile reports whether t is *os.File.
func IsOSFile(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && IsNamed(p.Elem(), "os", "File")
}

// FieldName returns the name of field i of the struct type t, or of the
// struct t points to (an SSA FieldAddr's X and Field), "" when t is not
// one or has no such field.
func FieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}

// IsNil reports whether e is the predeclared nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.Uses[id].(*types.Nil)
	return isNil
}

// RootVar returns the variable at the root of x, x.f, x[i], *x, &x; nil if
// there is none.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				v, _ = info.Defs[x].(*types.Var)
			}
			return v
		case *ast.SelectorExpr:
			if _, ok := info.Selections[x]; !ok {
				v, _ := info.Uses[x.Sel].(*types.Var) // pkg.Var
				return v
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

// OfTypeParam reports whether values of type t are values of a type
// parameter, or slices of or pointers to them: in a generic function's
// body, which every instantiation shares, what they hold (a string, an
// *os.File, a command or anything else) is not known, so a rule that
// depends on their type must not judge them.
func OfTypeParam(t types.Type) bool {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.TypeParam:
			return true
		case *types.Slice:
			t = u.Elem()
		case *types.Pointer:
			t = u.Elem()
		default:
			return false
		}
	}
}
