package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A method that removes what a field holds may do so only when some other
// state is set: go-plugin's Client.Kill returns at once when c.runner is
// nil, and removes c.unixSocketCfg.socketDir otherwise. The field then
// owns the object only once that state is set: a method that stores the
// object and returns an error before it sets the state leaves the object
// where nothing will remove it (audit31 S5). The gate is read from the
// SSA form of each method that removes the field: a test of a field of
// the receiver against nil whose nil branch returns with nothing removed,
// deferred or called in the package.

// ReleaseGate returns the field of the receiver that every function of the
// package that removes what f holds itself (not by calling another) tests
// against nil before anything else, returning without a removal when it is
// nil; nil when some such function removes it ungated, or is no method.
func (r *Result) ReleaseGate(f *types.Var) *types.Var {
	f = f.Origin()
	var gate *types.Var
	for _, fn := range r.directReleasers(f) {
		g := r.nilGate(fn)
		if g == nil || gate != nil && g != gate {
			return nil
		}
		gate = g
	}
	return gate
}

// nilGate returns the field of fn's receiver that fn tests against nil on
// its way from entry, before it defers, removes or calls code of the
// package, returning on the nil branch with none of those; nil if none.
func (r *Result) nilGate(fn *types.Func) *types.Var {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return nil
	}
	sf := r.ssaFunc(fn)
	if sf == nil || len(sf.Params) == 0 || len(sf.Blocks) == 0 {
		return nil
	}
	recv := sf.Params[0]
	seen := make(map[*ssa.BasicBlock]bool)
	for b := sf.Blocks[0]; b != nil && !seen[b]; {
		seen[b] = true
		for _, instr := range b.Instrs[:len(b.Instrs)-1] {
			if acts(instr, r.pkg) {
				return nil // something happens before the test
			}
		}
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Jump:
			b = b.Succs[0]
		case *ssa.If:
			field, eq := receiverNilTest(last.Cond, recv)
			if field == nil {
				return nil
			}
			nilSucc := b.Succs[1]
			if eq {
				nilSucc = b.Succs[0]
			}
			if !returnsIdle(nilSucc, r.pkg, make(map[*ssa.BasicBlock]bool)) {
				return nil
			}
			return field
		default:
			return nil
		}
	}
	return nil
}

// receiverNilTest returns the field of recv (or of a struct field of it)
// that cond compares with nil, and whether the comparison is ==.
func receiverNilTest(cond ssa.Value, recv *ssa.Parameter) (*types.Var, bool) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, false
	}
	for _, x := range []ssa.Value{bin.X, bin.Y} {
		eq, ok := nilTest(cond, x)
		if !ok {
			continue
		}
		load, ok := x.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		addr, ok := load.X.(*ssa.FieldAddr)
		if !ok || !rootedAt(addr.X, recv) {
			continue
		}
		st, ok := addr.X.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		return st.Field(addr.Field), eq
	}
	return nil, false
}

// rootedAt reports whether v is recv or the address of a field of a
// struct rooted at recv. A receiver that a function literal captures
// lives in a cell that only ever holds it (t0 = new *T; *t0 = c): a load
// of that cell is the receiver.
func rootedAt(v ssa.Value, recv *ssa.Parameter) bool {
	for {
		switch x := v.(type) {
		case *ssa.Parameter:
			return x == recv
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.UnOp:
			cell, ok := x.X.(*ssa.Alloc)
			return ok && x.Op == token.MUL && holdsOnly(cell, recv)
		default:
			return false
		}
	}
}

// holdsOnly reports whether every store into the cell stores v.
func holdsOnly(cell *ssa.Alloc, v ssa.Value) bool {
	stored := false
	for _, ref := range *cell.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != cell || ref.Val != v {
				return false
			}
			stored = true
		case *ssa.UnOp, *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return false // its address goes elsewhere
		}
	}
	return stored
}

// returnsIdle reports whether every path from b returns (or panics) with
// nothing deferred, started, removed or called in the package.
func returnsIdle(b *ssa.BasicBlock, pkg *types.Package, seen map[*ssa.BasicBlock]bool) bool {
	if seen[b] {
		return true
	}
	seen[b] = true
	for _, instr := range b.Instrs {
		if acts(instr, pkg) {
			return false
		}
	}
	for _, s := range b.Succs {
		if !returnsIdle(s, pkg, seen) {
			return false
		}
	}
	return true
}

// acts reports whether instr may remove something: a defer, a goroutine,
// a call of a function of pkg or of os.Remove(All), a call through a
// function value or an interface.
func acts(instr ssa.Instruction, pkg *types.Package) bool {
	switch instr := instr.(type) {
	case *ssa.Defer, *ssa.Go:
		return true
	case *ssa.Call:
		callee := instr.Call.StaticCallee()
		if callee == nil {
			return true
		}
		obj, _ := callee.Object().(*types.Func)
		if obj == nil || obj.Pkg() == nil {
			return true // a function literal, a wrapper
		}
		if obj.Pkg() == pkg {
			return true
		}
		if obj.Pkg().Path() == "os" && (obj.Name() == "Remove" || obj.Name() == "RemoveAll") {
			return true
		}
	}
	return false
}

// TrackField returns the tracker of what field f holds in the function d
// (its selections, the local variables they are copied to), or nil when d
// does not use f.
func (r *Result) TrackField(d *ast.FuncDecl, f *types.Var) *Tracker {
	return r.trackField(d, f.Origin())
}

// storesInto reports whether the body of d assigns the field f.
func (r *Result) storesInto(d *ast.FuncDecl, f *types.Var) bool {
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if g, _ := r.FieldSelected(l); g == f {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
