package execfd

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A function of the package that returns a command it has just made with
// exec.Command or exec.CommandContext, configured but neither started nor
// kept anywhere else (func sudo(ctx, args...) *exec.Cmd), is a creator: its
// caller owns the command as if it had called exec.Command itself. A
// creator of another package is known by its fact (facts.go).

// isCmdCreatorCall reports whether the call makes a fresh command: a call
// of exec.Command or exec.CommandContext, directly or through a known
// function value, or of a creator of the package.
func (c *checker) isCmdCreatorCall(call *ast.CallExpr) bool {
	if c.isCallOf(call, "os/exec", "Command") || c.isCallOf(call, "os/exec", "CommandContext") {
		return true
	}
	fn, recv := c.calleeFunc(call)
	if fn == nil || recv || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg() != c.pass.Pkg {
		return c.pass.ImportObjectFact(fn.Origin(), new(cmdCreator)) // facts.go
	}
	return c.isCmdCreator(fn)
}

// isCmdCreator reports whether the function of the package returns, as its
// only *exec.Cmd result, a fresh command on every return.
func (c *checker) isCmdCreator(fn *types.Func) bool {
	fn = fn.Origin() // a generic creator is judged on its own body
	if v, ok := c.creators[fn]; ok {
		return v
	}
	c.creators[fn] = false // while in progress: a recursive creator is not one
	sig := fn.Type().(*types.Signature)
	idx := -1
	for i := range sig.Results().Len() {
		if c.isCmdLike(sig.Results().At(i).Type()) {
			if idx >= 0 {
				return false
			}
			idx = i
		}
	}
	decl := c.funcDecl(fn)
	if idx < 0 || decl == nil || decl.Body == nil {
		return false
	}
	info := c.pass.TypesInfo
	ok, returns := true, 0
	fresh := make(map[*types.Var]bool) // local variables holding a fresh command
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 && sig.Results().Len() > 1 {
				// return newCmd(name): a creator with the same results.
				if call, isCall := ast.Unparen(n.Results[0]).(*ast.CallExpr); isCall && c.isCmdCreatorCall(call) && types.Identical(info.TypeOf(call), sig.Results()) {
					returns++
					return true
				}
			}
			if len(n.Results) != sig.Results().Len() {
				ok = false // a naked return or a call returning a tuple
				return false
			}
			returns++
			r := ast.Unparen(n.Results[idx])
			if call, isCall := r.(*ast.CallExpr); isCall && c.isCmdCreatorCall(call) {
				return true
			}
			if c.wrapperLit(r) {
				return true
			}
			if id, isID := r.(*ast.Ident); isID {
				if v, _ := info.Uses[id].(*types.Var); v != nil && c.freshLocal(decl.Body, v) {
					fresh[v] = true
					return true
				}
				if tv, ok := info.Types[id]; ok && tv.IsNil() {
					return true // an error return
				}
			}
			ok = false
		}
		return true
	})
	ok = ok && returns > 0 && len(fresh) <= 1
	c.creators[fn] = ok
	return ok
}

// freshLocal reports whether the local variable v of the body is assigned
// only fresh commands and is used only to configure it before the return:
// fields set or read, pipes asked for, given to functions that only
// configure it, never started, waited or handed on.
func (c *checker) freshLocal(body *ast.BlockStmt, v *types.Var) bool {
	info := c.pass.TypesInfo
	ok := true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		id, isID := n.(*ast.Ident)
		if !isID || (info.Uses[id] != v && info.Defs[id] != v) || len(stack) == 0 {
			return true
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.AssignStmt:
			if i := indexOf(p.Lhs, id); i >= 0 {
				ok = len(p.Lhs) == len(p.Rhs)
				if ok {
					call, isCall := ast.Unparen(p.Rhs[i]).(*ast.CallExpr)
					ok = (isCall && c.isCmdCreatorCall(call)) || c.wrapperLit(p.Rhs[i])
				}
				return true
			}
			ok = false
		case *ast.ValueSpec:
			ok = false
		case *ast.ReturnStmt:
		case *ast.SelectorExpr:
			if len(stack) >= 2 {
				if call, isCall := stack[len(stack)-2].(*ast.CallExpr); isCall && call.Fun == p {
					switch p.Sel.Name {
					case "StdoutPipe", "StderrPipe", "StdinPipe", "Environ", "String":
					default:
						ok = false // started, waited
					}
				}
			}
			if p.Sel.Name == "Process" {
				ok = false
			}
		case *ast.BinaryExpr:
		case *ast.CallExpr:
			// Given to a function that only configures it (x/sys/execabs's
			// fixCmd sets Path and Err): still fresh. One that starts,
			// waits for or keeps it is not.
			use, known := c.argUse(p, id)
			ok = known && use == 0 && p.Fun != ast.Expr(id)
		default:
			ok = false
		}
		return true
	})
	return ok
}

// wrapperLit reports whether e is a new wrapper, &W{...} (wrapper.go): the
// wrapper is fresh, and its caller starts the command through it.
func (c *checker) wrapperLit(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	_, ok = ast.Unparen(u.X).(*ast.CompositeLit)
	return ok && c.isWrapper(c.pass.TypesInfo.TypeOf(u))
}
