package tempcleanup

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// Which callers fail the test on a helper's error. The helper is a
// function declaration, or a function literal held by a variable
// ("newFile := func() (*os.File, error) {…}") or by an unexported field
// of a table of cases ({name: "file", open: newFile}). Every use of it in
// the package must be one of
//
//   - a call "…, err := f(…)" (or "=") followed at once by "if err !=
//     nil { …; t.Fatal(…) }", or "if …, err := f(…); err != nil {…}" of
//     that kind: the test fails on the error;
//   - such a call followed at once by "return …, err" in a function (or
//     literal) whose own callers all fail the test on its error: the
//     error is handed on to a failure;
//   - the value stored under a variable or an unexported field whose
//     every read is one of these: a value held in a table is called
//     where the table's field is read ("tc.open()"). Writes of the field
//     (other keys of the table) do not read it.
//
// Any other use (a call whose error is logged, the value passed on, its
// address taken) keeps the finding. The search follows at most a few such
// hand-ons (maxHandOns): a helper that forwards its error to itself is
// no failure.
const maxHandOns = 4

// callersFail reports whether every caller of the function fn (a
// *ast.FuncDecl or *ast.FuncLit) fails the test on its error.
func (c *checker) callersFail(fn ast.Node, depth int) bool {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		obj, ok := c.pass.TypesInfo.Defs[fn.Name].(*types.Func)
		return ok && c.usesFail(obj, depth)
	case *ast.FuncLit:
		stack := c.ancestors(fn)
		return stack != nil && c.valueFails(fn, stack, depth)
	}
	return false
}

// ancestors returns the nodes enclosing n in its file, outermost first.
func (c *checker) ancestors(n ast.Node) []ast.Node {
	for _, file := range c.pass.Files {
		if file.FileStart > n.Pos() || n.Pos() >= file.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
		if len(path) == 0 || path[0] != n {
			return nil
		}
		var stack []ast.Node
		for i := len(path) - 1; i > 0; i-- {
			stack = append(stack, path[i])
		}
		return stack
	}
	return nil
}

// usesFail reports whether every use of obj (a function, a variable or a
// field holding a function value) in the package reads it into a failing
// call (valueFails), and there is at least one.
func (c *checker) usesFail(obj types.Object, depth int) bool {
	if depth > maxHandOns {
		return false
	}
	if v, ok := obj.(*types.Var); ok && (v.Exported() && v.IsField() || v.Parent() == c.pass.Pkg.Scope() && v.Exported()) {
		return false // other packages may read it
	}
	reads := 0
	for _, file := range c.pass.Files {
		ok := true
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !ok || !isID || c.pass.TypesInfo.Uses[id] != obj {
				return ok
			}
			var e ast.Expr = id
			if len(stack) > 0 {
				switch p := stack[len(stack)-1].(type) {
				case *ast.KeyValueExpr:
					if p.Key == id {
						return false // a field written by a table: no read
					}
				case *ast.SelectorExpr:
					if p.Sel == id {
						e, stack = p, stack[:len(stack)-1]
					}
				}
			}
			reads++
			ok = c.valueFails(e, stack, depth)
			return ok
		})
		if !ok {
			return false
		}
	}
	return reads > 0
}

// valueFails reports whether the function value e, with its ancestors in
// stack (outermost first), is called into a failure, or stored under a
// variable or a field whose reads all are.
func (c *checker) valueFails(e ast.Expr, stack []ast.Node, depth int) bool {
	for len(stack) > 0 {
		p, ok := stack[len(stack)-1].(*ast.ParenExpr)
		if !ok {
			break
		}
		e, stack = p, stack[:len(stack)-1]
	}
	n := len(stack)
	if n == 0 {
		return false
	}
	info := c.pass.TypesInfo
	switch p := stack[n-1].(type) {
	case *ast.CallExpr:
		return p.Fun == e && c.callFails(p, stack[:n-1], depth)
	case *ast.KeyValueExpr:
		if p.Value != e || n < 2 {
			return false
		}
		if _, ok := stack[n-2].(*ast.CompositeLit); !ok {
			return false
		}
		key, ok := p.Key.(*ast.Ident)
		if !ok {
			return false
		}
		field, ok := info.Uses[key].(*types.Var)
		return ok && field.IsField() && c.usesFail(field, depth+1)
	case *ast.AssignStmt:
		if p.Tok != token.DEFINE || len(p.Lhs) != len(p.Rhs) {
			return false
		}
		for i, r := range p.Rhs {
			if r != e {
				continue
			}
			id, ok := p.Lhs[i].(*ast.Ident)
			if !ok {
				return false
			}
			v, ok := info.Defs[id].(*types.Var)
			return ok && c.usesFail(v, depth+1)
		}
	}
	return false
}

// callFails reports whether the call, with its ancestors in stack, is the
// call of "…, err := f(…)" and the statement after it is "if err != nil {
// … }" whose body ends in a test failure, or is "if …, err := f(…); err
// != nil { … }" of that kind; or the statement after it is "return …,
// err" in a function whose callers all fail the test on its error.
func (c *checker) callFails(call *ast.CallExpr, stack []ast.Node, depth int) bool {
	n := len(stack)
	if n < 2 {
		return false
	}
	assign, ok := stack[n-1].(*ast.AssignStmt)
	if !ok || len(assign.Rhs) != 1 || assign.Rhs[0] != call {
		return false
	}
	errID, ok := assign.Lhs[len(assign.Lhs)-1].(*ast.Ident)
	if !ok {
		return false
	}
	errVar := c.pass.TypesInfo.ObjectOf(errID)
	if errVar == nil {
		return false
	}
	var next ast.Stmt
	switch p := stack[n-2].(type) {
	case *ast.IfStmt:
		if p.Init == assign {
			next = p
		}
	case *ast.BlockStmt:
		for i, s := range p.List {
			if s == assign && i+1 < len(p.List) {
				next = p.List[i+1]
			}
		}
	}
	switch next := next.(type) {
	case *ast.IfStmt:
		if !c.nonNilTest(next.Cond, errVar) || len(next.Body.List) == 0 {
			return false
		}
		stmt, ok := next.Body.List[len(next.Body.List)-1].(*ast.ExprStmt)
		if !ok {
			return false
		}
		fail, ok := ast.Unparen(stmt.X).(*ast.CallExpr)
		return ok && c.testFailure(fail)
	case *ast.ReturnStmt:
		if len(next.Results) == 0 {
			return false
		}
		id, ok := ast.Unparen(next.Results[len(next.Results)-1]).(*ast.Ident)
		if !ok || c.pass.TypesInfo.Uses[id] != errVar {
			return false
		}
		// The error handed on: the enclosing function's callers decide.
		for i := n - 1; i >= 0; i-- {
			switch fn := stack[i].(type) {
			case *ast.FuncLit:
				return c.valueFails(fn, stack[:i], depth+1)
			case *ast.FuncDecl:
				return c.callersFail(fn, depth+1)
			}
		}
	}
	return false
}
