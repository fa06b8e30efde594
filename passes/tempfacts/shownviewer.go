package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A call that hands the object to the user one way, with the branch taken
// when it fails handing it over another way, shows it to the user:
//
//	if !browser.Open("file://" + out.Name()) {
//		fmt.Fprintf(os.Stderr, "HTML output written to %s\n", out.Name())
//	}
//
// (cmd/cover). Whether the opener succeeds or not, the user is given the
// path, and the return after it is the success path, not a leak. What the
// callee does with the path is not asked: a viewer started on it is
// another program, which the analysis of the callee cannot follow; the
// fallback that prints the same object says what the call was for.

// shownOnFailure reports whether call, which carries the object, is the
// condition of an if statement (negated, or as "err := call(); err != nil")
// whose branch taken when the call fails shows the object to the user.
func (t *Tracker) shownOnFailure(call *ast.CallExpr) bool {
	carries := false
	for _, a := range call.Args {
		if t.holds(a) != holdsNothing {
			carries = true
		}
	}
	if !carries {
		return false
	}
	if t.failures == nil {
		t.failures = t.failureBranches()
	}
	failure := t.failures[call]
	return failure != nil && t.shows(failure)
}

// failureBranches maps each call of the body that is tested by an if
// statement to the statement that runs when it fails, for the shapes
// "if !call(...) {...}", "if call(...) {...} else {...}" (a bool result)
// and "if err := call(...); err != nil {...}" (an error result). The
// search sees one CFG node at a time, without the if around it: the map
// is built once from the whole body.
func (t *Tracker) failureBranches() map[*ast.CallExpr]ast.Stmt {
	m := make(map[*ast.CallExpr]ast.Stmt)
	if t.body == nil {
		return m
	}
	ast.Inspect(t.body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		cond := ast.Unparen(ifs.Cond)
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && isBool(t.info.TypeOf(call)) {
				m[call] = ifs.Body
			}
			return true
		}
		if call, ok := cond.(*ast.CallExpr); ok && isBool(t.info.TypeOf(call)) && ifs.Else != nil {
			m[call] = ifs.Else
			return true
		}
		as, ok := ifs.Init.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		id, isID := as.Lhs[0].(*ast.Ident)
		if !ok || !isID {
			return true
		}
		errVar, _ := t.info.ObjectOf(id).(*types.Var)
		if errVar == nil || !isErrorType(errVar.Type()) {
			return true
		}
		if be, ok := cond.(*ast.BinaryExpr); ok && be.Op == token.NEQ && isNilTest(t.info, be, errVar) {
			m[call] = ifs.Body
		}
		return true
	})
	return m
}

// isNilTest reports whether be compares v with nil.
func isNilTest(info *types.Info, be *ast.BinaryExpr, v *types.Var) bool {
	is := func(e ast.Expr, want func(types.Object) bool) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && want(info.Uses[id])
	}
	isV := func(o types.Object) bool { return o == types.Object(v) }
	isNil := func(o types.Object) bool { _, ok := o.(*types.Nil); return ok }
	return is(be.X, isV) && is(be.Y, isNil) || is(be.X, isNil) && is(be.Y, isV)
}

func isBool(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// shows reports whether branch (outside function literals) has a call
// that shows the object to the user.
func (t *Tracker) shows(branch ast.Stmt) bool {
	found := false
	ast.PreorderStack(branch, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if r, _ := t.callReason(n, stack); r == Shown {
				found = true
			}
		}
		return true
	})
	return found
}
