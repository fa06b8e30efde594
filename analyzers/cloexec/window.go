package cloexec

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A descriptor that the function closes again, in the same block, before
// anything it calls could start a process, is open only for that window: a
// probe socket, a directory read and closed, a dup written to and closed.
// Its finding is strict-only when, besides, the package's own code starts no
// process (a package that forks from other goroutines, as a server starting
// sessions does, can fork inside the window). The descriptor must stay in
// the function: held in a local variable, used only as an argument of
// syscall, x/sys/unix or fmt calls, never returned, stored or handed to
// other code, and closed by Close(fd) (direct or deferred) with no return,
// break, continue or goto between the creation and the close other than in
// the error branch right after the creation.

// closedBeforeStart reports whether the descriptor the site creates is
// closed before any process can be started.
func (c *checker) closedBeforeStart(s *site) bool {
	return (!c.packageStarts() || inInit(s.fun)) && c.closedBefore(s, c.mayStart)
}

// inInit reports whether fun is a package's init function. While packages
// are initialized, main has not run and no goroutine of the program's own
// can fork inside the window: only the calls in it matter, not what the
// rest of the package starts (syncthing's dialer probes SO_REUSEPORT on a
// socket it closes before init returns).
func inInit(fun ast.Node) bool {
	d, ok := fun.(*ast.FuncDecl)
	return ok && d.Recv == nil && d.Name.Name == "init"
}

// closedBefore reports whether the descriptor the site creates stays in the
// function and is closed, in its block, before any call for which starts
// holds.
func (c *checker) closedBefore(s *site, starts func(*ast.CallExpr) bool) bool {
	assign, ok := s.parent.(*ast.AssignStmt)
	if !ok || len(assign.Rhs) != 1 || assign.Rhs[0] != s.call || s.fun == nil {
		return false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok {
		return c.closedViaSlice(s, assign, starts) // sliceclose.go
	}
	fd, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || fd.Parent() == nil || fd.Parent() == fd.Pkg().Scope() {
		return false
	}
	var errVar types.Object
	if len(assign.Lhs) == 2 {
		if e, ok := assign.Lhs[1].(*ast.Ident); ok {
			errVar = c.pass.TypesInfo.ObjectOf(e)
		}
	}
	block := c.blockOf(s.fun, assign)
	if block == nil || !c.onlySyscallUses(s.fun, fd, id) {
		return false
	}
	// Find the close among the statements that follow in the block.
	var end token.Pos
	i := 0
	for i < len(block.List) && block.List[i] != assign {
		i++
	}
	for j := i + 1; j < len(block.List) && end == token.NoPos; j++ {
		stmt := block.List[j]
		switch {
		case j == i+1 && errVar != nil && isErrCheck(c.pass.TypesInfo, stmt, errVar):
			continue // the failed creation made no descriptor
		case c.closes(stmt, fd):
			if _, deferred := stmt.(*ast.DeferStmt); deferred {
				end = s.fun.End()
			} else {
				end = stmt.End()
			}
		case leaves(stmt):
			return false
		}
	}
	if end == token.NoPos {
		return false
	}
	return !callsIn(s.fun, func(other *ast.CallExpr) bool {
		return other.Pos() > s.call.End() && other.End() <= end && starts(other)
	})
}

// packageStarts reports whether the package's own code starts a process.
func (c *checker) packageStarts() bool {
	if c.ownStarts == nil {
		v := callsStart(c.pass, allFiles)
		c.ownStarts = &v
	}
	return *c.ownStarts
}

// blockOf returns the block whose statement list holds the statement.
func (c *checker) blockOf(fun ast.Node, stmt ast.Stmt) *ast.BlockStmt {
	var found *ast.BlockStmt
	ast.Inspect(fun, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			for _, s := range b.List {
				if s == stmt {
					found = b
				}
			}
		}
		return found == nil
	})
	return found
}

// onlySyscallUses reports whether every use of the descriptor in the
// function, but its definition, is an argument (maybe converted) of a
// syscall, x/sys/unix or fmt function, or an operand of a comparison.
func (c *checker) onlySyscallUses(fun ast.Node, fd *types.Var, def *ast.Ident) bool {
	info := c.pass.TypesInfo
	ok := true
	ast.PreorderStack(fun, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || id == def || info.ObjectOf(id) != fd {
			return ok
		}
		i := len(stack) - 1
		for i >= 0 {
			if conv, isCall := stack[i].(*ast.CallExpr); isCall && len(conv.Args) == 1 {
				if tv, known := info.Types[conv.Fun]; known && tv.IsType() {
					i--
					continue
				}
			}
			if _, paren := stack[i].(*ast.ParenExpr); paren {
				i--
				continue
			}
			break
		}
		if i < 0 {
			ok = false
			return false
		}
		switch p := stack[i].(type) {
		case *ast.BinaryExpr:
			// a comparison
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(info, p).(*types.Func)
			if fn == nil || fn.Pkg() == nil {
				ok = false
				break
			}
			switch fn.Pkg().Path() {
			case syscallPath, unixPath, "fmt":
			default:
				ok = false
			}
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// closes reports whether the statement is a Close of the descriptor by
// syscall or x/sys/unix: a call, an assignment of its result, or a defer.
func (c *checker) closes(stmt ast.Stmt, fd *types.Var) bool {
	var call *ast.CallExpr
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		call, _ = s.X.(*ast.CallExpr)
	case *ast.DeferStmt:
		if lit, ok := ast.Unparen(s.Call.Fun).(*ast.FuncLit); ok && len(s.Call.Args) == 0 {
			// defer func() { _ = unix.Close(fd) }()
			for _, st := range lit.Body.List {
				if c.closes(st, fd) {
					return true
				}
			}
			return false
		}
		call = s.Call
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			call, _ = s.Rhs[0].(*ast.CallExpr)
		}
	}
	if call == nil || len(call.Args) != 1 {
		return false
	}
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Name() != "Close" || fn.Pkg() == nil || (fn.Pkg().Path() != syscallPath && fn.Pkg().Path() != unixPath) {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && c.pass.TypesInfo.ObjectOf(id) == fd
}

// isErrCheck reports whether the statement is "if err != nil { … }" on the
// error variable, without an else branch.
func isErrCheck(info *types.Info, stmt ast.Stmt, errVar types.Object) bool {
	ifs, ok := stmt.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil {
		return false
	}
	cond, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return false
	}
	id, ok := cond.X.(*ast.Ident)
	nilID, isNil := cond.Y.(*ast.Ident)
	return ok && isNil && info.ObjectOf(id) == errVar && nilID.Name == "nil" && info.Types[nilID].IsNil()
}

// leaves reports whether the statement may leave the block other than by
// running to its end: a return, break, continue or goto in it, outside
// function literals.
func leaves(stmt ast.Stmt) bool {
	found := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		}
		return !found
	})
	return found
}
