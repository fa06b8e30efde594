package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tmplint/tmplint/internal/fieldflow"
)

// A wrapper is a struct type of a package that holds an *exec.Cmd, embedded
// or in its only field of that type, and has its own Start and Wait
// methods, whose bodies start and wait for the held command (git-lfs's
// subprocess.Cmd embeds it: its Wait closes the pipes it handed out, then
// waits; others keep it in a field "cmd"). A child started through the
// wrapper's Start is reaped only by its Wait (or a Wait of the held
// command), so a local *W is followed like a local *exec.Cmd: started,
// then waited on every path or handed on. The messages name the wrapper's
// own Start, which is what the caller calls. An embedded command's process
// is x.Process, as for an *exec.Cmd; a command in a named field is reached
// as x.cmd, so the hint to stop the child names x.cmd.Process.Kill then
// x.cmd.Wait. Whether a type is a wrapper is decided from the bodies of its
// methods in its own package and exported as a fact on the type's name,
// for the packages that use it, when they can reach the command to stop
// it: embedded, or in an exported field.

// cmdWrapper is the fact of a wrapper type's name.
type cmdWrapper struct{}

func (*cmdWrapper) AFact()         {}
func (*cmdWrapper) String() string { return "cmdWrapper" }

// isCmdLike reports whether t is an *exec.Cmd or a pointer to a wrapper.
func (c *checker) isCmdLike(t types.Type) bool {
	return isCmd(t) || c.isWrapper(t)
}

// isWrapper reports whether t is a pointer to a wrapper type.
func (c *checker) isWrapper(t types.Type) bool {
	tn := wrapperCandidate(t)
	if tn == nil {
		return false
	}
	if tn.Pkg() != c.pass.Pkg {
		return c.pass.ImportObjectFact(tn, new(cmdWrapper))
	}
	if v, ok := c.wrappers[tn]; ok {
		return v
	}
	if c.wrappers == nil {
		c.wrappers = make(map[*types.TypeName]bool)
	}
	ok := c.wrapsMethod(tn, "Start") && c.wrapsMethod(tn, "Wait")
	c.wrappers[tn] = ok
	return ok
}

// wrapperCandidate returns the name of the struct type that t points to
// when that struct holds an *exec.Cmd (heldCmdField). A generic type is
// judged by its origin, its declaration and its methods' bodies, which
// every instance shares (the name is the same object for all): the held
// field's type is *exec.Cmd itself, whatever the type arguments, so a
// field typed by a type parameter is never the held command.
func wrapperCandidate(t types.Type) *types.TypeName {
	ptr, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	if heldCmdField(named) == nil {
		return nil
	}
	return named.Obj()
}

// heldCmdField returns the *exec.Cmd field of the struct type: the one it
// embeds, or else its only field of that type. Of a generic type, the
// field of its declaration (origin): an instance's field typed by a type
// parameter (W[*exec.Cmd]) is not one.
func heldCmdField(named *types.Named) *types.Var {
	st, ok := named.Origin().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var only *types.Var
	n := 0
	for f := range st.Fields() {
		if !isCmd(f.Type()) {
			continue
		}
		if f.Embedded() {
			return f
		}
		only, n = f, n+1
	}
	if n != 1 {
		return nil
	}
	return only
}

// wrapsMethod reports whether the type's own method of that name (not one
// promoted from an embedded command) calls the same method of the held
// command on its receiver: "func (c *Cmd) Wait() error { ...; return
// c.Cmd.Wait() }", "func (p *proc) Start() error { return p.cmd.Start() }".
func (c *checker) wrapsMethod(tn *types.TypeName, name string) bool {
	named := tn.Type().(*types.Named)
	var m *types.Func
	for meth := range named.Methods() {
		if meth.Name() == name {
			m = meth
		}
	}
	if m == nil {
		return false
	}
	decl := c.funcDecl(m)
	if decl == nil || decl.Body == nil || decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 {
		return false
	}
	info := c.pass.TypesInfo
	recv, _ := info.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
	field := heldCmdField(named)
	if recv == nil || field == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false // runs who knows when
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if ok && sel.Sel.Name == name && isHeldField(info, sel.X, recv, field) {
			found = true
		}
		return true
	})
	return found
}

// isHeldField reports whether e is v.F for the command field F, of the
// same type or, for a generic type, of any of its instances (the field of
// a method's receiver, an instance with the method's own type parameters,
// is another object than the declaration's).
func isHeldField(info *types.Info, e ast.Expr, v, field *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || !isVar(info, sel.X, v) {
		return false
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return false
	}
	f, ok := s.Obj().(*types.Var)
	return ok && f.Origin() == field.Origin()
}

// heldCmd reports whether e is the command held by the wrapper the local
// variable v holds, or by the receiver of a method of a type that holds
// one (borrowedcmd.go): "x.Cmd", "x.cmd".
func (fn *fun) heldCmd(e ast.Expr, v *types.Var) bool {
	named, ok := types.Unalias(v.Type()).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(named.Elem()).(*types.Named)
	if !ok {
		return false
	}
	field := heldCmdField(n)
	return field != nil && (v == fn.holder || fn.c.isWrapper(v.Type())) && isHeldField(fn.info(), e, v, field)
}

// reachableWrapper reports whether t is a pointer to a wrapper of the
// package whose command another package can reach, to stop the child
// through it: embedded, or in an exported field.
func (c *checker) reachableWrapper(t types.Type) bool {
	if !c.isWrapper(t) {
		return false
	}
	f := heldCmdField(types.Unalias(types.Unalias(t).(*types.Pointer).Elem()).(*types.Named))
	return f.Embedded() || f.Exported()
}

// exportWrappers exports the fact of each wrapper type of the package.
func (c *checker) exportWrappers() {
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if c.reachableWrapper(types.NewPointer(tn.Type())) {
			c.pass.ExportObjectFact(tn, new(cmdWrapper))
		}
	}
}

// heldUse records what the function does with x.Cmd, the command held by
// the wrapper x: its Start and Wait are the child's as the wrapper's
// are; any other use of it as a value hands the child on.
func (fn *fun) heldUse(cmd *command, held *ast.SelectorExpr, stack []ast.Node, inLit bool) {
	at := func(i int) ast.Node {
		if i < len(stack) && i >= 0 {
			return stack[len(stack)-1-i]
		}
		return nil
	}
	sel, ok := at(0).(*ast.SelectorExpr)
	if !ok || sel.X != held {
		if as, ok := at(0).(*ast.AssignStmt); ok && isLHS(as, held) {
			return // x.Cmd = exec.Command(...)
		}
		cmd.escapes, cmd.handed, cmd.escapesElsewhere = true, true, true
		return
	}
	if call, ok := at(1).(*ast.CallExpr); ok && call.Fun == sel {
		_, inGo := at(2).(*ast.GoStmt)
		switch sel.Sel.Name {
		case "Start", "Run", "Output", "CombinedOutput":
			cmd.startedAny = true
			if sel.Sel.Name != "Start" {
				cmd.waited = true
			}
			if inGo {
				cmd.startInGo, cmd.waited = true, true
			} else if !inLit {
				cmd.starts = append(cmd.starts, call)
				cmd.startNames[call] = sel.Sel.Name
			}
		case "Wait":
			cmd.waited = true
		case "StdoutPipe", "StderrPipe":
			cmd.pipes = true
		case "StdinPipe":
			cmd.stdinPipe = true
		}
		return
	}
	if sel.Sel.Name != "Process" {
		if as, ok := at(1).(*ast.AssignStmt); ok && isLHS(as, sel) {
			if i := indexOf(as.Lhs, sel); len(as.Lhs) == len(as.Rhs) {
				cmd.fields[sel.Sel.Name] = append(cmd.fields[sel.Sel.Name], as.Rhs[i])
			}
		}
		return // a field read or set: x.Cmd.Dir
	}
	psel, ok := at(1).(*ast.SelectorExpr)
	if call, isCall := at(2).(*ast.CallExpr); ok && isCall && call.Fun == psel {
		cmd.processCall(psel.Sel.Name)
		return
	}
	if bin, ok := at(1).(*ast.BinaryExpr); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
		return // x.Cmd.Process != nil
	}
	cmd.escapes, cmd.handed, cmd.escapesElsewhere = true, true, true
}

// processCall records a call of the method name on the command's
// *os.Process: Wait and Release end the obligation, Kill and Signal do
// not (they leave a zombie).
func (cmd *command) processCall(name string) {
	switch name {
	case "Wait":
		cmd.waited = true
	case "Release":
		cmd.released = true
	case "Kill", "Signal":
		cmd.kills = true
	}
}

// stopName names, for a hint, what the child of the variable v is stopped
// and reaped through: the command variable, or for a wrapper that keeps its command in
// a named field, that field of it ("p.cmd": p.cmd.Process.Kill, then
// p.cmd.Wait, which reaps it as the wrapper's Wait does).
func (fn *fun) stopName(v *types.Var) string {
	if !fn.c.isWrapper(v.Type()) {
		return v.Name()
	}
	named := types.Unalias(types.Unalias(v.Type()).(*types.Pointer).Elem()).(*types.Named)
	if f := heldCmdField(named); !f.Embedded() {
		return v.Name() + "." + f.Name()
	}
	return v.Name()
}

// methodWaits reports whether the method of a wrapper, called on it, waits
// for the held command: its body (or a function of the package it gives
// the receiver to) waits for the command or its Process, as read on the
// SSA form (a Close that kills then waits, a Stop that calls Close).
func (c *checker) methodWaits(m *types.Func) bool {
	m = m.Origin() // a generic wrapper's method: its body, built once
	if c.methodWaitMemo == nil {
		c.methodWaitMemo = make(map[*types.Func]bool)
	}
	if v, ok := c.methodWaitMemo[m]; ok {
		return v
	}
	c.methodWaitMemo[m] = false
	flow, prog := c.flow()
	sf := prog.FuncValue(m)
	ok := sf != nil && sf.Blocks != nil && len(sf.Params) > 0 && flow.Param(sf, 0)&fieldflow.Releases != 0
	c.methodWaitMemo[m] = ok
	return ok
}

// wrapperWaitCall reports whether sel, called, is a method of a wrapper
// other than its Start, Wait and pipes that waits for the held command: in
// the package, as its body says; of another package, any such method may.
func (fn *fun) wrapperWaitCall(sel *ast.SelectorExpr) bool {
	s := fn.info().Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !fn.c.isWrapper(fn.info().TypeOf(sel.X)) {
		return false
	}
	m, ok := s.Obj().(*types.Func)
	if !ok || len(s.Index()) != 1 {
		return false // promoted from the command
	}
	switch m.Name() {
	case "Start", "Wait", "StdoutPipe", "StderrPipe", "StdinPipe":
		return false
	}
	if m.Pkg() != fn.c.pass.Pkg {
		return true // its body is not read here: it may wait
	}
	return fn.c.methodWaits(m)
}
