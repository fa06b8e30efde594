package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Programs often start commands through a function value kept for tests to
// replace: a package variable (var execCommand = exec.Command) or a struct
// field (r.start = startCommand). When every assignment to that variable is
// visible in the package and there is exactly one, of a named function, a
// call through it is judged as a call of that function. A variable that a
// test file assigns too has two assignments in the test variant of the
// package, and is not followed there.

// funcValues indexes, once per package, the assignments to unexported
// function-typed package variables and struct fields.
type funcValues struct {
	assigned map[*types.Var][]ast.Expr // nil entry: an assignment that cannot be followed
}

func (c *checker) funcValues() *funcValues {
	if c.fv != nil {
		return c.fv
	}
	fv := &funcValues{assigned: make(map[*types.Var][]ast.Expr)}
	c.fv = fv
	info := c.pass.TypesInfo
	tracked := func(v *types.Var) bool {
		if v == nil || v.Pkg() != c.pass.Pkg || v.Exported() {
			return false
		}
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			return false
		}
		return v.IsField() || v.Parent() == c.pass.Pkg.Scope()
	}
	lhsVar := func(e ast.Expr) *types.Var {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(e).(*types.Var)
			return v
		case *ast.SelectorExpr:
			if s := info.Selections[e]; s != nil && s.Kind() == types.FieldVal {
				v, _ := s.Obj().(*types.Var)
				return v
			}
		}
		return nil
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					v := lhsVar(lhs)
					if !tracked(v) {
						continue
					}
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) && n.Tok != token.DEFINE {
						rhs = n.Rhs[i]
					}
					fv.assigned[v] = append(fv.assigned[v], rhs)
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					v, _ := info.Defs[id].(*types.Var)
					if !tracked(v) {
						continue
					}
					var rhs ast.Expr
					if len(n.Values) == len(n.Names) {
						rhs = n.Values[i]
					}
					fv.assigned[v] = append(fv.assigned[v], rhs)
				}
			case *ast.CompositeLit:
				st, ok := typeOfLit(info, n).(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					var v *types.Var
					val := elt
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							v, _ = info.Uses[id].(*types.Var)
						}
						val = kv.Value
					} else if i < st.NumFields() {
						v = st.Field(i)
					}
					if tracked(v) {
						fv.assigned[v] = append(fv.assigned[v], val)
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					if v := lhsVar(n.X); tracked(v) {
						fv.assigned[v] = append(fv.assigned[v], nil, nil)
					}
				}
			}
			return true
		})
	}
	return fv
}

func typeOfLit(info *types.Info, lit *ast.CompositeLit) types.Type {
	t := info.TypeOf(lit)
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// calleeFunc returns the function that the call runs: its static callee,
// or the one named function assigned to the function value it calls. A
// method expression such as (*exec.Cmd).Start is returned as the method;
// recvArg then reports that the call's first argument is the receiver.
func (c *checker) calleeFunc(call *ast.CallExpr) (fn *types.Func, recvArg bool) {
	info := c.pass.TypesInfo
	if f, ok := typeutil.Callee(info, call).(*types.Func); ok {
		return f, false
	}
	var v *types.Var
	switch e := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		v, _ = info.Uses[e].(*types.Var)
	case *ast.SelectorExpr:
		if s := info.Selections[e]; s != nil && s.Kind() == types.FieldVal {
			v, _ = s.Obj().(*types.Var)
		} else if s == nil {
			v, _ = info.Uses[e.Sel].(*types.Var) // pkg.Var
		}
	}
	if v == nil || v.Pkg() != c.pass.Pkg {
		return nil, false
	}
	vals := c.funcValues().assigned[v]
	if len(vals) != 1 || vals[0] == nil {
		return nil, false
	}
	return c.namedFunc(vals[0])
}

// namedFunc returns the function that e names: a function, a method
// expression (T.M, (*T).M), not a closure or a method value.
func (c *checker) namedFunc(e ast.Expr) (*types.Func, bool) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		f, _ := info.Uses[e].(*types.Func)
		return f, false
	case *ast.SelectorExpr:
		if s := info.Selections[e]; s != nil {
			if s.Kind() == types.MethodExpr {
				f, _ := s.Obj().(*types.Func)
				return f, f != nil
			}
			return nil, false
		}
		f, _ := info.Uses[e.Sel].(*types.Func)
		return f, false
	}
	return nil, false
}

// isCallOf reports whether the call runs the package-level function, directly
// or through a function value known to hold it.
func (c *checker) isCallOf(call *ast.CallExpr, path, name string) bool {
	fn, recv := c.calleeFunc(call)
	return !recv && fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name &&
		fn.Type().(*types.Signature).Recv() == nil
}
