package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A loop that starts its commands one by one may reap each as it goes: a
// goroutine started right after the element's Start waits for it (lima's
// qemu driver: "go func() { vhostWaitCh <- vhostCmd.Wait() }()" after
// each vhostCmd.Start). A return when a later start fails then leaves no
// child unwaited: each started one has its waiter.
//
// The waiter is matched on the SSA form (samevalue.go): the value it waits
// for is the value the loop started, however it is written there (the
// element, cmds[i] read again, a copy c2 := c, the free variable of the
// literal or the parameter its call gives it).

// waitedInLoop reports whether, in the loop body of rs, a statement after
// the one holding the start (in the body's own list, so it runs on every
// path past the start that stays in the iteration) is a go or defer
// statement that waits for the started command: its own call, or a call
// in the function literal it calls.
func (fn *fun) waitedInLoop(rs *rangeStart) bool {
	b := fn.values()
	if b == nil || rs.start == nil || len(rs.start.Call.Args) == 0 {
		return false
	}
	started := rs.start.Call.Args[0]
	after := false
	for _, st := range rs.body.List {
		if !after {
			after = within(rs.call, st)
			continue
		}
		switch st.(type) {
		case *ast.GoStmt, *ast.DeferStmt:
		default:
			continue
		}
		for _, call := range goOrDeferAt(b.funcs[0], st.Pos()) {
			calls := []ssa.CallInstruction{call}
			if lit := literalCalled(call.Common()); lit != nil {
				calls = append(calls, callsIn(lit)...)
			}
			for _, c := range calls {
				for _, w := range fn.waitedBy(b, c) {
					if sameValue(w, started) {
						return true
					}
				}
			}
		}
	}
	return false
}

// goOrDeferAt returns the go and defer instructions of the function for
// the statement at pos.
func goOrDeferAt(f *ssa.Function, pos token.Pos) []ssa.CallInstruction {
	var calls []ssa.CallInstruction
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			switch instr := instr.(type) {
			case *ssa.Go:
				if instr.Pos() == pos {
					calls = append(calls, instr)
				}
			case *ssa.Defer:
				if instr.Pos() == pos {
					calls = append(calls, instr)
				}
			}
		}
	}
	return calls
}

// literalCalled returns the function literal that the call calls, nil if
// it calls something else.
func literalCalled(c *ssa.CallCommon) *ssa.Function {
	var f *ssa.Function
	switch v := c.Value.(type) {
	case *ssa.Function:
		f = v
	case *ssa.MakeClosure:
		f, _ = v.Fn.(*ssa.Function)
	}
	if f == nil || f.Parent() == nil || f.Synthetic != "" {
		return nil
	}
	return f
}

// callsIn returns the calls of the function and of the literals in it.
func callsIn(f *ssa.Function) []ssa.CallInstruction {
	var calls []ssa.CallInstruction
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				calls = append(calls, c)
			}
		}
	}
	for _, anon := range f.AnonFuncs {
		calls = append(calls, callsIn(anon)...)
	}
	return calls
}

// waitedBy returns the commands that the call waits for: the receiver of
// Wait on a command (or a wrapper), of a wrapper's method that waits
// (wrapper.go), of Wait or Release on a command's Process, also as a
// method value (wait := c.Wait; wait()), and the arguments of a function
// that waits for its argument or reaps a process by its pid (c.Process.Pid).
func (fn *fun) waitedBy(b *bodyValues, c ssa.CallInstruction) []ssa.Value {
	var waited []ssa.Value
	common := c.Common()
	if callee := common.StaticCallee(); callee != nil {
		m, _ := callee.Object().(*types.Func)
		var recv ssa.Value
		mc, isClosure := common.Value.(*ssa.MakeClosure)
		switch {
		case m == nil || m.Signature().Recv() == nil:
		case isClosure && callee.Signature.Recv() == nil && len(mc.Bindings) == 1:
			recv = mc.Bindings[0] // the method value's receiver
		case callee.Signature.Recv() != nil && len(common.Args) > 0:
			recv = common.Args[0]
		}
		if recv != nil {
			switch {
			case m.Name() == "Wait" && fn.c.isCmdLike(recv.Type()):
				waited = append(waited, recv)
			case (m.Name() == "Wait" || m.Name() == "Release") && isNamed(recv.Type(), "os", "Process"):
				if owner := processOwner(recv); owner != nil {
					waited = append(waited, owner)
				}
			}
		}
	}
	call := fn.callsByLparen()[common.Pos()]
	if call == nil {
		return waited
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.wrapperWaitCall(sel) {
		if x := b.value[ast.Unparen(sel.X)]; x != nil {
			waited = append(waited, x) // s.Close() that waits
		}
	}
	for _, a := range call.Args {
		x := b.value[ast.Unparen(a)]
		if x == nil {
			continue
		}
		if u, known := fn.c.argUse(call, a); known && u&useWaits != 0 {
			waited = append(waited, x)
		}
		if owner := pidOwner(x); owner != nil && fn.c.reapsPid(call, a) {
			waited = append(waited, owner)
		}
	}
	return waited
}

// processOwner returns the command whose Process field p is read from,
// nil if p is not read from one.
func processOwner(p ssa.Value) ssa.Value {
	return fieldOwner(p, "Process")
}

// pidOwner returns the command whose Process's Pid the value is.
func pidOwner(pid ssa.Value) ssa.Value {
	if p := fieldOwner(pid, "Pid"); p != nil {
		return processOwner(p)
	}
	return nil
}

// fieldOwner returns x of the value read from x.name, a field of the
// struct x points to.
func fieldOwner(v ssa.Value, name string) ssa.Value {
	l, ok := origin(v).(*ssa.UnOp)
	if !ok || l.Op != token.MUL {
		return nil
	}
	fa, ok := l.X.(*ssa.FieldAddr)
	if !ok || pkgtypes.FieldName(fa.X.Type(), fa.Field) != name {
		return nil
	}
	return fa.X
}
