package execfd

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// A command that the function hands on only by returning it ("return
// cmd, nil", "return &worker{cmd: cmd}, nil", or a local struct holding
// it, "w := &worker{cmd, in}; ...; return w, nil") is the caller's from
// that return on, and the function's before it: a return that does not
// give it back ("if err := handshake(w); err != nil { return nil, err }")
// drops a running child that nobody can wait for, also when it was killed
// first (git-lfs tq's WorkerStarting). Such a command is followed like one
// that is not handed on, with each return that gives it back as its
// release. The local holder may be read (its fields), and given to
// functions of the package that only read it, kill its command or wait
// for it (their bodies say so, a few calls deep); any other use of it
// (stored, given to other code, used in a function literal) hands the
// command on, and the function is not judged.

// maxHolderDepth bounds how deep the calls that get the holder are read.
const maxHolderDepth = 3

// noteHandoff records how the command's use id as a value hands it on: by
// a return, through a local holder, by the store st into a field
// (handoffstore.go), or otherwise.
func (fn *fun) noteHandoff(cmd *command, id *ast.Ident, stack []ast.Node, st *store, inLit bool) {
	if inLit {
		cmd.escapesElsewhere = true
		return
	}
	ret, holder := fn.returnOrHolder(id, stack)
	switch {
	case ret != nil:
		cmd.returned = true
	case holder != nil:
		if !slices.Contains(cmd.holders, holder) {
			cmd.holders = append(cmd.holders, holder)
		}
	case st != nil:
		cmd.noteStore(st) // handoffstore.go
	default:
		cmd.escapesElsewhere = true
	}
}

// returnOrHolder returns the return statement that gives back e, itself or
// inside composite literals, or the local variable that such a literal is
// assigned to.
func (fn *fun) returnOrHolder(e ast.Expr, stack []ast.Node) (*ast.ReturnStmt, *types.Var) {
	var child ast.Node = e
	inLit := false
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.KeyValueExpr:
			if p.Value != child {
				return nil, nil
			}
		case *ast.CompositeLit:
			if p.Type == child {
				return nil, nil
			}
			inLit = true
		case *ast.UnaryExpr:
			if p.Op != token.AND {
				return nil, nil
			}
		case *ast.ReturnStmt:
			return p, nil
		case *ast.AssignStmt:
			j := indexOf(p.Rhs, child.(ast.Expr))
			if !inLit || j < 0 || len(p.Lhs) != len(p.Rhs) {
				return nil, nil
			}
			v := fn.localVar(p.Lhs[j])
			if v == nil || fn.cmds[v] != nil {
				return nil, nil
			}
			return nil, v
		default:
			return nil, nil
		}
		child = stack[i]
	}
	return nil, nil
}

// handoffReleases returns, for a command handed on only by returns (of it
// or of its holders) and by stores that hand it on at their node
// (handoffstore.go), the nodes that release it: those returns and stores,
// and the waits through a holder. It reports false when the command is
// handed on otherwise.
func (fn *fun) handoffReleases(cmd *command) (map[ast.Node]bool, bool) {
	if !cmd.escapes || cmd.escapesElsewhere || len(cmd.collections) > 0 || (!cmd.returned && len(cmd.holders) == 0 && len(cmd.storeHandoffs) == 0) {
		return nil, false
	}
	stores, ok := fn.storeReleases(cmd) // handoffstore.go
	if !ok {
		return nil, false
	}
	info := fn.info()
	rel := make(map[ast.Node]bool)
	for _, n := range stores {
		rel[n] = true
	}
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID {
			return ok
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == cmd.v {
			if ret, _ := fn.returnOrHolder(id, stack); ret != nil && !inLit {
				rel[ret] = true
			}
			return true
		}
		if v == nil || !slices.Contains(cmd.holders, v) {
			return true
		}
		if as, isAs := stack[len(stack)-1].(*ast.AssignStmt); isAs && isLHS(as, id) {
			return true // the holder's definition
		}
		if inLit {
			ok = false
			return false
		}
		if ret, h := fn.returnOrHolder(id, stack); ret != nil {
			rel[ret] = true
			return true
		} else if h != nil {
			ok = false
			return false
		}
		use := fn.c.holderUse(info, id, stack, 0)
		switch {
		case !use.ok:
			ok = false
		case use.waits != nil:
			rel[use.waits] = true
		}
		if use.kills {
			cmd.kills = true
		}
		return true
	})
	return rel, ok
}

// A holderUse says what a use of a holder of the command does with it.
type holderUse struct {
	ok    bool     // only reads it, kills its command or waits for it
	kills bool     // kills its command
	waits ast.Node // the call that waits for its command, if any
}

// holderUse judges the use id of a holder (a local variable or a
// parameter holding a struct with the command): reading a field, killing
// or waiting for the command field, giving it to a function of the package
// that does only that.
func (c *checker) holderUse(info *types.Info, id *ast.Ident, stack []ast.Node, depth int) holderUse {
	at := func(i int) ast.Node {
		if i < len(stack) {
			return stack[len(stack)-1-i]
		}
		return nil
	}
	switch p := at(0).(type) {
	case *ast.SelectorExpr:
		s := info.Selections[p]
		if p.X != id || s == nil || s.Kind() != types.FieldVal {
			return holderUse{}
		}
		if !c.isCmdLike(s.Obj().Type()) {
			if as, isAs := at(1).(*ast.AssignStmt); isAs && isLHS(as, p) {
				return holderUse{ok: true} // h.done = true
			}
			return holderUse{ok: true} // h.stdin.Close(): another field
		}
		return heldCommandUse(p, stack[:len(stack)-1])
	case *ast.CallExpr:
		if depth >= maxHolderDepth || p.Fun == ast.Expr(id) {
			return holderUse{}
		}
		callee, _ := typeutil.Callee(info, p).(*types.Func)
		if callee == nil || callee.Pkg() != c.pass.Pkg {
			return holderUse{}
		}
		i := slices.IndexFunc(p.Args, func(a ast.Expr) bool { return ast.Unparen(a) == ast.Expr(id) })
		sig := callee.Type().(*types.Signature)
		if i < 0 || (sig.Variadic() && i >= sig.Params().Len()-1) || i >= sig.Params().Len() {
			return holderUse{}
		}
		u := c.paramHolderUse(callee, sig.Params().At(i), depth+1)
		if u.ok && u.waits != nil {
			u.waits = p
		}
		return u
	}
	return holderUse{}
}

// heldCommandUse judges a use of h.cmd, the command a holder holds: its
// Wait waits for it, its Process's Kill or Signal kills it; reading its
// fields or calling its other methods borrows it; any other use hands it
// on.
func heldCommandUse(held *ast.SelectorExpr, stack []ast.Node) holderUse {
	at := func(i int) ast.Node {
		if i < len(stack) {
			return stack[len(stack)-1-i]
		}
		return nil
	}
	sel, ok := at(0).(*ast.SelectorExpr)
	if !ok || sel.X != held {
		return holderUse{}
	}
	if sel.Sel.Name == "Wait" {
		if call, ok := at(1).(*ast.CallExpr); ok && call.Fun == sel {
			return holderUse{ok: true, waits: call}
		}
		return holderUse{}
	}
	if sel.Sel.Name != "Process" {
		return holderUse{ok: true} // h.cmd.Args, h.cmd.StdoutPipe()
	}
	psel, ok := at(1).(*ast.SelectorExpr)
	call, isCall := at(2).(*ast.CallExpr)
	if !ok || !isCall || call.Fun != psel {
		return holderUse{}
	}
	switch psel.Sel.Name {
	case "Kill", "Signal":
		return holderUse{ok: true, kills: true}
	case "Wait":
		return holderUse{ok: true, waits: call}
	}
	return holderUse{}
}

// paramHolderUse judges what the function of the package does with its
// parameter p, a holder: every use of p in its body must be one that
// holderUse accepts.
func (c *checker) paramHolderUse(callee *types.Func, p *types.Var, depth int) holderUse {
	decl := c.funcDecl(callee)
	if decl == nil || decl.Body == nil {
		return holderUse{}
	}
	info := c.pass.TypesInfo
	res := holderUse{ok: true}
	ast.PreorderStack(decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !res.ok || !isID || info.Uses[id] != p {
			return res.ok
		}
		if slices.ContainsFunc(stack, func(s ast.Node) bool { _, lit := s.(*ast.FuncLit); return lit }) {
			res.ok = false
			return false
		}
		u := c.holderUse(info, id, stack, depth)
		res.ok = u.ok
		res.kills = res.kills || u.kills
		if u.waits != nil {
			res.waits = u.waits
		}
		return true
	})
	if res.waits != nil && !waitsOnEveryPath(decl, res.waits) {
		res.waits = nil // a wait on some paths only: not a release
	}
	return res
}

// waitsOnEveryPath reports whether the wait lies in the function body
// outside conditions and loops, with no return before it, so every call
// that returns has waited.
func waitsOnEveryPath(decl *ast.FuncDecl, wait ast.Node) bool {
	every, earlyReturn := false, false
	ast.PreorderStack(decl.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if _, ok := n.(*ast.ReturnStmt); ok && n.End() <= wait.Pos() {
			earlyReturn = true // a return before it skips it
			return false
		}
		if n != wait {
			return n.Pos() <= wait.Pos() // what lies before it, or holds it
		}
		every = !slices.ContainsFunc(stack, func(s ast.Node) bool {
			switch s.(type) {
			case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
				return true
			}
			return false
		})
		return false
	})
	return every && !earlyReturn
}

// inHandoff reports whether the start lies in a return that gives the
// command back ("return cmd, cmd.Start()"): the caller has the child.
func (fn *fun) inHandoff(cmd *command, start ast.Node) bool {
	for n := range cmd.handoffs {
		if _, ok := n.(*ast.ReturnStmt); ok && n.Pos() <= start.Pos() && start.End() <= n.End() {
			return true
		}
	}
	return false
}
