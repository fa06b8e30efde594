package pathflow

import (
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A deferred function literal reads the variables it captures when it
// runs, after the return statement has assigned the results. A creator
// that keeps its object in a named result and removes it on failure
//
//	func writeTemp(rc io.Reader) (dir string, err error) {
//		dir, err = os.MkdirTemp("", "x")
//		...
//		defer func() {
//			if err != nil {
//				os.RemoveAll(dir)
//			}
//		}()
//		...
//		return "", err
//	}
//
// removes nothing at "return "", err": the return sets dir to "" first,
// and the deferred call removes "" (docker/cli's writeTempDockerfile, and
// nerdctl's copy of it). Only a constant (nil, "", a literal) in the
// result's place is taken to lose the object: any other value may be the
// object under another name.

// releaseVia returns 1 + the index of the named result through which
// every release in the deferred literal reaches the resource: each
// release reads that result and no other variable. It returns 0 when
// some release reads something else, when there is none, or when a
// release lies in a nested literal.
func (s *search) releaseVia(lit *ast.FuncLit) int {
	if lit.Body == nil || s.q.Results == nil {
		return 0
	}
	var via *types.Var
	ok := true
	ast.PreorderStack(lit.Body, nil, func(m ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		if inner, isLit := m.(*ast.FuncLit); isLit {
			ok = !s.bodyReleases(inner)
			return false
		}
		if s.q.Release(m, stack).Effect < Deferred {
			return true
		}
		v := s.onlyVar(m)
		if v == nil || via != nil && v != via {
			ok = false
		}
		via = v
		return false
	})
	if !ok || via == nil {
		return 0
	}
	for i := range s.q.Results.Len() {
		if s.q.Results.At(i) == via {
			return i + 1
		}
	}
	return 0
}

// onlyVar returns the one variable (not a field) that node n reads, or
// nil when it reads none or more than one.
func (s *search) onlyVar(n ast.Node) *types.Var {
	var only *types.Var
	many := false
	ast.Inspect(n, func(m ast.Node) bool {
		id, ok := m.(*ast.Ident)
		if !ok || many {
			return !many
		}
		v, _ := s.q.Info.Uses[id].(*types.Var)
		if v == nil || v.IsField() {
			return true
		}
		if only != nil && only != v {
			many = true
		}
		only = v
		return true
	})
	if many {
		return nil
	}
	return only
}

// overwritten returns the named result 1 + via when the return gives it
// a constant, which the deferred release then reads instead of the
// resource; nil otherwise (a bare return, a return of a call's results,
// any other value).
func (s *search) overwritten(ret *ast.ReturnStmt, via int) *types.Var {
	if via == 0 || s.q.Results == nil || len(ret.Results) != s.q.Results.Len() || via > len(ret.Results) {
		return nil
	}
	e := ret.Results[via-1]
	if tv, ok := s.q.Info.Types[e]; !pkgtypes.IsNil(s.q.Info, e) && (!ok || tv.Value == nil) {
		return nil
	}
	return s.q.Results.At(via - 1)
}
