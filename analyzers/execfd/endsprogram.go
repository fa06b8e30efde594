package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A child left unwaited only on a path that ends the program right after
// is strict-only (SPEC): when the process exits its children go to init,
// which reaps them. main's own returns, os.Exit and log.Fatal are not
// leaks at all; this file proves a command's error return to main
// (shortexit.go, any return followed only by short work to the end of
// the program):
//
//	func run() error {
//		...
//		if err := cmd.Start(); err != nil { return err }
//		if err := other(); err != nil {
//			return err // the child is unwaited, but main exits next
//		}
//		return cmd.Wait()
//	}
//
//	func main() {
//		if err := run(); err != nil {
//			log.Fatal(err)
//		}
//	}

// endsProgram reports whether the return ends the program right after:
// the function is a plain function of a main package whose every use is a
// call in the body of main, the return gives its error result an error,
// and at every call main ends when that result is not nil.
func (fn *fun) endsProgram(ret *ast.ReturnStmt) bool {
	return fn.endsOnError(ret) || fn.endsRightAfter(ret) // shortexit.go
}

// endsOnError reports whether the return gives main an error on which it
// ends at once.
func (fn *fun) endsOnError(ret *ast.ReturnStmt) bool {
	if fn.c.pass.Pkg.Name() != "main" {
		return false
	}
	decl, ok := fn.node.(*ast.FuncDecl)
	if !ok || decl.Recv != nil {
		return false
	}
	obj, _ := fn.info().Defs[decl.Name].(*types.Func)
	sig := fn.signature()
	if obj == nil || sig == nil || sig.Results().Len() == 0 {
		return false
	}
	last := sig.Results().Len() - 1
	if !isErrorType(sig.Results().At(last).Type()) || !fn.returnsError(ret, last) {
		return false
	}
	calls := fn.c.callsInMain(obj)
	if len(calls) == 0 {
		return false
	}
	for _, k := range calls {
		if !fn.c.mainEndsOnError(k, sig.Results().Len()) {
			return false
		}
	}
	return true
}

// A mainCall is a call of a function in the body of main, with the nodes
// that hold it, from the file to its parent.
type mainCall struct {
	call  *ast.CallExpr
	stack []ast.Node
}

// callsInMain returns the calls of obj, when every use of obj in the
// package is the callee of a call in the body of main (not in a function
// literal there); nil otherwise.
func (c *checker) callsInMain(obj *types.Func) []mainCall {
	var main *ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" && fd.Body != nil {
				main = fd
			}
		}
	}
	if main == nil {
		return nil
	}
	var calls []mainCall
	other := false
	for _, f := range c.pass.Files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || c.pass.TypesInfo.Uses[id] != obj {
				return !other
			}
			if len(stack) < 2 || id.Pos() < main.Body.Pos() || id.End() > main.Body.End() {
				other = true
				return false
			}
			call, ok := stack[len(stack)-1].(*ast.CallExpr)
			if !ok || ast.Unparen(call.Fun) != ast.Expr(id) {
				other = true
				return false
			}
			for _, s := range stack {
				if _, ok := s.(*ast.FuncLit); ok {
					other = true
					return false
				}
			}
			calls = append(calls, mainCall{call: call, stack: append([]ast.Node(nil), stack[:len(stack)-1]...)})
			return false
		})
	}
	if other {
		return nil
	}
	return calls
}

// mainEndsOnError reports whether main ends right after the call when
// its error result (the last of n) is not nil:
//
//	if err := run(); err != nil { ...; os.Exit(1) }   // or log.Fatal, return
//	err := run(); if err != nil { ... }                // the next statement
//	log.Fatal(run())                                   // or os.Exit
//	run()                                              // the last statement of main
func (c *checker) mainEndsOnError(k mainCall, n int) bool {
	info := c.pass.TypesInfo
	exits := pathflow.NewExits(info, c.pass.Files)
	parent := k.stack[len(k.stack)-1]
	switch p := parent.(type) {
	case *ast.CallExpr:
		// log.Fatal(run()), os.Exit(code(run())) is not proved.
		return exits.EndsProcess(p) && len(p.Args) == 1 && p.Args[0] == ast.Expr(k.call)
	case *ast.ExprStmt:
		return c.lastOfMain(p, k.stack)
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || len(p.Lhs) != n {
			return false
		}
		id, ok := p.Lhs[n-1].(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil {
			return false
		}
		// if err := run(); err != nil { ... }
		if len(k.stack) >= 2 {
			if ifs, ok := k.stack[len(k.stack)-2].(*ast.IfStmt); ok && ifs.Init == ast.Stmt(p) {
				return c.testsNonNil(ifs.Cond, v) && endsBlock(exits, ifs.Body)
			}
		}
		// err := run(); if err != nil { ... }
		if len(k.stack) >= 2 {
			if blk, ok := k.stack[len(k.stack)-2].(*ast.BlockStmt); ok {
				for i, s := range blk.List {
					if s == ast.Stmt(p) && i+1 < len(blk.List) {
						ifs, ok := blk.List[i+1].(*ast.IfStmt)
						return ok && ifs.Init == nil && c.testsNonNil(ifs.Cond, v) && endsBlock(exits, ifs.Body)
					}
				}
			}
		}
	}
	return false
}

// lastOfMain reports whether the statement is the last one of main's body.
func (c *checker) lastOfMain(s ast.Stmt, stack []ast.Node) bool {
	if len(stack) < 3 {
		return false
	}
	blk, ok := stack[len(stack)-2].(*ast.BlockStmt)
	if !ok {
		return false
	}
	if _, ok := stack[len(stack)-3].(*ast.FuncDecl); !ok {
		return false
	}
	return len(blk.List) > 0 && blk.List[len(blk.List)-1] == s
}

// testsNonNil reports whether cond is "v != nil".
func (c *checker) testsNonNil(cond ast.Expr, v *types.Var) bool {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(bin.X).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == v && pkgtypes.IsNil(c.pass.TypesInfo, bin.Y)
}

// endsBlock reports whether the block of main ends the program: its last
// statement is a call that ends the process (os.Exit, log.Fatal, a
// function of the package that calls one), a panic, or a return.
func endsBlock(exits *pathflow.Exits, b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		return exits.EndsProcess(call) || exits.Kind(call) == pathflow.Panic
	}
	return false
}
