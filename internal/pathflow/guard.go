package pathflow

import (
	"go/ast"
	"go/token"
	"go/types"
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

// errorGuard returns 1 + the index, among Query.Results, of the named
// error result that guards every release in the deferred literal: each
// lies in the body of an "if err != nil" (without else) on that result.
// It returns 0 when some release is not so guarded, or Results is unset.
func (s *search) errorGuard(lit *ast.FuncLit) int {
	if s.q.Results == nil || lit.Body == nil {
		return 0
	}
	guard, ok := -1, true
	ast.PreorderStack(lit.Body, nil, func(m ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		if _, isLit := m.(*ast.FuncLit); isLit {
			ok = !s.bodyReleases(m.(*ast.FuncLit)) // a nested release: not judged
			return false
		}
		if a := s.q.Release(m, stack); a.Effect < Deferred {
			return true
		}
		i := s.guardingResult(m, stack)
		if i < 0 || guard >= 0 && guard != i {
			ok = false
			return false
		}
		guard = i
		return false
	})
	if !ok || guard < 0 {
		return 0
	}
	return guard + 1
}

// guardingResult returns the index of the error result r when the node m
// lies in the body of an "if r != nil" on the stack, or -1.
func (s *search) guardingResult(m ast.Node, stack []ast.Node) int {
	child := m
	for i := len(stack) - 1; i >= 0; i-- {
		if ifs, ok := stack[i].(*ast.IfStmt); ok && ifs.Body == child && ifs.Else == nil && ifs.Init == nil {
			if r := s.nonNilResult(ifs.Cond); r >= 0 {
				return r
			}
		}
		child = stack[i]
	}
	return -1
}

// nonNilResult returns the index of the result r of error type when cond
// is "r != nil", or -1.
func (s *search) nonNilResult(cond ast.Expr) int {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return -1
	}
	id, ok := ast.Unparen(bin.X).(*ast.Ident)
	if !ok || !isNil(s.q.Info, ast.Unparen(bin.Y)) {
		return -1
	}
	v, _ := s.q.Info.Uses[id].(*types.Var)
	for i := range s.q.Results.Len() {
		r := s.q.Results.At(i)
		if r == v && types.Identical(r.Type(), types.Universe.Lookup("error").Type()) {
			return i
		}
	}
	return -1
}

// mayReturnError reports whether the return may give result i a non-nil
// error: anything but the literal nil in its place. A bare return, or a
// return of a call's results, may.
func (s *search) mayReturnError(ret *ast.ReturnStmt, i int) bool {
	if len(ret.Results) != s.q.Results.Len() || i >= len(ret.Results) {
		return true
	}
	return !isNil(s.q.Info, ast.Unparen(ret.Results[i]))
}
