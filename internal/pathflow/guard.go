package pathflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A creator often removes what it made only when it fails:
//
//	f, err = os.CreateTemp("", "x")
//	...
//	defer func() {
//		if err != nil {
//			os.Remove(f.Name())
//		}
//	}()
//	...
//	return f, nil
//
// The deferred release does not run at "return f, nil": the object leaves
// the function there (the caller owns it), and if it does not, it leaks.
// Counting such a release as one that covers every return hid both the
// creator's fact and its leaks.

// errorGuard returns what guards every release in the deferred literal:
// each lies in the body of an "if v != nil" (without else) on one error
// variable v. When v is a named result (Query.Results) it returns 1 + its
// index; otherwise it returns the condition, which a path may know to be
// false ("if err != nil { return err }" taken before). It returns 0, nil
// when some release is not so guarded.
func (s *search) errorGuard(lit *ast.FuncLit) (int, ast.Expr) {
	if lit.Body == nil {
		return 0, nil
	}
	var guard *types.Var
	var cond ast.Expr
	ok := true
	ast.PreorderStack(lit.Body, nil, func(m ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		if inner, isLit := m.(*ast.FuncLit); isLit {
			ok = !s.bodyReleases(inner) // a nested release: not judged
			return false
		}
		if a := s.q.Release(m, stack); a.Effect < Deferred {
			return true
		}
		v, c := s.guardingVar(m, stack)
		if v == nil || guard != nil && guard != v {
			ok = false
			return false
		}
		guard, cond = v, c
		return false
	})
	if !ok || guard == nil {
		return 0, nil
	}
	if s.q.Results != nil && isErrorVar(guard) {
		for i := range s.q.Results.Len() {
			if s.q.Results.At(i) == guard {
				return i + 1, nil
			}
		}
	}
	return 0, cond
}

// guardingVar returns the error variable v and the condition when the
// node m lies in the body of an "if v != nil" on the stack, or the flag
// variable v when it lies in the body of an "if !v" or "if v" on a flag
// the function sets only to constants (flagVar): rclone's config Save
// keeps its backup placeholder while "keepBackup := true", its declared
// value, holds, and a return on that path leaves the empty placeholder
// behind (assignedConst). A flag the
// user sets (a parameter, a field, an option) is never known on a path,
// so such a removal covers every return, as a deliberate keep.
func (s *search) guardingVar(m ast.Node, stack []ast.Node) (*types.Var, ast.Expr) {
	child := m
	for i := len(stack) - 1; i >= 0; i-- {
		if ifs, ok := stack[i].(*ast.IfStmt); ok && ifs.Body == child && ifs.Else == nil && ifs.Init == nil {
			if v := s.nonNilVar(ifs.Cond); v != nil {
				return v, ifs.Cond
			}
			if v := s.flagVar(ifs.Cond); v != nil {
				return v, ifs.Cond
			}
		}
		child = stack[i]
	}
	return nil, nil
}

func isErrorVar(v *types.Var) bool {
	return types.Identical(v.Type(), types.Universe.Lookup("error").Type())
}

// nonNilVar returns v of error type when cond is "v != nil".
func (s *search) nonNilVar(cond ast.Expr) *types.Var {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return nil
	}
	id, ok := ast.Unparen(bin.X).(*ast.Ident)
	if !ok || !pkgtypes.IsNil(s.q.Info, bin.Y) {
		return nil
	}
	v, _ := s.q.Info.Uses[id].(*types.Var)
	if v == nil || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return v
}

// guardRuns reports whether a release deferred under the guard of st runs
// at the return: one guarded by a named result runs unless the return
// gives it the literal nil; one guarded by another variable runs unless
// the path knows its condition to be false.
func (s *search) guardRuns(st *state, ret *ast.ReturnStmt) bool {
	switch {
	case st.onError > 0:
		return s.mayReturnError(ret, st.onError-1)
	case st.guard != nil:
		val, known := s.condKnown(st.guard, st)
		return !known || val
	}
	return false
}

// mayReturnError reports whether the return may give result i a non-nil
// error: anything but the literal nil in its place. A bare return, or a
// return of a call's results, may.
func (s *search) mayReturnError(ret *ast.ReturnStmt, i int) bool {
	if len(ret.Results) != s.q.Results.Len() || i >= len(ret.Results) {
		return true
	}
	return !pkgtypes.IsNil(s.q.Info, ret.Results[i])
}
