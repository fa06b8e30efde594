package fieldflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// follow collects what the function does with v, a value read from a
// field (or a parameter, for a summary), and with every value derived from
// it: the same value through a phi, a conversion or an interface; its
// elements when it is a slice, an array or a map; the process of a
// command.
func (a *analysis) follow(v ssa.Value, fn *ssa.Function, recv string) *uses {
	u := &uses{}
	seen := make(map[ssa.Value]bool)
	work := []ssa.Value{v}
	push := func(x ssa.Value) {
		if !seen[x] {
			seen[x] = true
			work = append(work, x)
		}
	}
	seen[v] = true
	site := func(pos token.Pos) Site { return Site{Pos: pos, Func: fn, Recv: recv} }
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch ref := ref.(type) {
			case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface, *ssa.Index, *ssa.Lookup:
				push(ref.(ssa.Value))
			case *ssa.Slice:
				if ref.X == v {
					push(ref)
				}
			case *ssa.TypeAssert:
				if ref.X == v {
					push(ref) // the value, or the (value, ok) tuple: see Extract
				}
			case *ssa.Extract:
				push(ref)
			case *ssa.UnOp:
				if ref.Op == token.MUL || ref.Op == token.ARROW {
					push(ref)
				}
			case *ssa.IndexAddr:
				if ref.X == v {
					a.elementAddr(ref, push, u, site)
				}
			case *ssa.Range:
				if ref.X == v {
					for _, next := range *ref.Referrers() {
						push(next.(ssa.Value))
					}
				}
			case *ssa.Next:
				push(ref)
			case *ssa.FieldAddr:
				if ref.X == v && isNamed(ref.X.Type(), "os/exec", "Cmd") && pkgtypes.FieldName(ref.X.Type(), ref.Field) == "WaitDelay" {
					for _, r := range *ref.Referrers() {
						if st, ok := r.(*ssa.Store); ok && st.Addr == ref {
							u.add(SetsWaitDelay, site(st.Pos()))
						}
					}
				}
				if ref.X == v && childField(ref.X.Type(), ref.Field) && isNamed(ref.X.Type(), "os/exec", "Cmd") {
					// The command's files for its child: closing them
					// closes the parent's copies.
					for _, r := range *ref.Referrers() {
						if l, ok := r.(*ssa.UnOp); ok && l.Op == token.MUL && a.follow(l, fn, recv).use()&Releases != 0 {
							u.add(ClosesChildFiles, site(l.Pos()))
						}
					}
				}
				if ref.X == v && a.partOf(ref.X.Type(), ref.Field) {
					for _, r := range *ref.Referrers() {
						if l, ok := r.(*ssa.UnOp); ok && l.Op == token.MUL {
							push(l)
						}
					}
				}
			case *ssa.Store:
				if ref.Val == v {
					a.store(ref, push, u, site)
				}
			case *ssa.MakeClosure:
				for i, b := range ref.Bindings {
					if b == v {
						closure := ref.Fn.(*ssa.Function)
						sub := a.follow(closure.FreeVars[i], closure, recv)
						u.merge(sub)
					}
				}
			case ssa.CallInstruction:
				a.call(ref, v, push, u, site)
			case *ssa.Return, *ssa.Send, *ssa.MapUpdate:
				u.add(Escapes, site(ref.Pos()))
			case *ssa.Field:
				if ref.X == v && a.partOf(ref.X.Type(), ref.Field) {
					push(ref)
				}
			case *ssa.BinOp, *ssa.If, *ssa.DebugRef, *ssa.Panic:
				// compared, tested, printed by a panic, a field read:
				// used, not kept
			default:
				u.add(Escapes, site(ref.Pos()))
			}
		}
	}
	return u
}

// partOf reports whether field i of the struct type t carries the
// resource that a value of type t stands for: of a command, its process;
// of a process, its pid (waiting on them reaps the command's child); of a
// struct of the program (an element of a slice of {name, cmd} pairs), a
// field that may hold a command, a process or a file. Other fields of a
// command are its configuration.
func (a *analysis) partOf(t types.Type, i int) bool {
	switch {
	case isNamed(t, "os/exec", "Cmd"):
		return pkgtypes.FieldName(t, i) == "Process"
	case isNamed(t, "os", "Process"):
		return pkgtypes.FieldName(t, i) == "Pid"
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if pkg := n.Obj().Pkg(); pkg == nil || (pkg != a.pkg.Pkg && pkgtypes.IsStd(pkg.Path())) {
			return false
		}
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && i < st.NumFields() && mayHoldResource(st.Field(i).Type(), 3)
}

// mayHoldResource reports whether a value of type t may hold a command, a
// process or a file, within depth levels of pointers, slices, arrays,
// maps and structs.
func mayHoldResource(t types.Type, depth int) bool {
	if depth == 0 {
		return false
	}
	if isNamed(t, "os/exec", "Cmd") || isNamed(t, "os", "Process") || isNamed(t, "os", "File") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return mayHoldResource(u.Elem(), depth-1)
	case *types.Slice:
		return mayHoldResource(u.Elem(), depth-1)
	case *types.Array:
		return mayHoldResource(u.Elem(), depth-1)
	case *types.Map:
		return mayHoldResource(u.Elem(), depth-1)
	case *types.Struct:
		for f := range u.Fields() {
			if mayHoldResource(f.Type(), depth-1) {
				return true
			}
		}
	}
	return false
}

// elementAddr follows the address of an element of a derived slice or
// array: a load of it is derived; a store into it changes what the field
// holds and is not a use.
func (a *analysis) elementAddr(ia *ssa.IndexAddr, push func(ssa.Value), u *uses, site func(token.Pos) Site) {
	for _, r := range *ia.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op == token.MUL {
				push(r)
			}
		case *ssa.Store:
			if r.Addr != ia {
				u.add(Escapes, site(r.Pos()))
			}
		case *ssa.DebugRef:
		default:
			u.add(Escapes, site(ia.Pos()))
		}
	}
}

// store judges a store of the derived value: into a child's files it is
// handed to the child; into a local composite literal (a slice or a
// struct being built) it stays derived; anywhere else it is kept there.
func (a *analysis) store(st *ssa.Store, push func(ssa.Value), u *uses, site func(token.Pos) Site) {
	switch addr := st.Addr.(type) {
	case *ssa.FieldAddr:
		if childField(addr.X.Type(), addr.Field) {
			u.add(Child, site(st.Pos()))
			return
		}
		if a.field(addr.X.Type(), addr.Field) != nil && sameField(addr, st.Val) {
			return // s.files = append(s.files, f): still the field
		}
	case *ssa.Global:
		if a.pol.Globals && appendsToGlobal(addr, st.Val) {
			return // files = append(files, f): still the variable
		}
	case *ssa.IndexAddr:
		if alloc, ok := addr.X.(*ssa.Alloc); ok {
			push(alloc) // []*os.File{f}: the literal's array holds it
			return
		}
	case *ssa.Alloc:
		// A local variable that a closure captures lives in a cell:
		// what the closure loads from it is the value.
		push(addr)
		return
	}
	u.add(Escapes, site(st.Pos()))
}

// sameField reports whether v was computed from a load of the field that
// addr addresses (an append to it).
func sameField(addr *ssa.FieldAddr, v ssa.Value) bool {
	l := appendedLoad(v)
	if l == nil {
		return false
	}
	fa, ok := l.X.(*ssa.FieldAddr)
	return ok && fa.Field == addr.Field && types.Identical(fa.X.Type(), addr.X.Type())
}

// appendsToGlobal reports whether v was computed from a load of the
// package-level variable g (an append to it).
func appendsToGlobal(g *ssa.Global, v ssa.Value) bool {
	l := appendedLoad(v)
	return l != nil && l.X == g
}

// appendedLoad returns the load that v appends to when v is
// append(*addr, ...), or nil.
func appendedLoad(v ssa.Value) *ssa.UnOp {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" || len(call.Call.Args) == 0 {
		return nil
	}
	l, ok := call.Call.Args[0].(*ssa.UnOp)
	if !ok || l.Op != token.MUL {
		return nil
	}
	return l
}

// childField reports whether field i of the struct type t hands its
// value to a child process: exec.Cmd's Stdin, Stdout, Stderr and
// ExtraFiles, os.ProcAttr's Files.
func childField(t types.Type, i int) bool {
	switch pkgtypes.FieldName(t, i) {
	case "Stdin", "Stdout", "Stderr", "ExtraFiles":
		return isNamed(t, "os/exec", "Cmd")
	case "Files":
		return isNamed(t, "os", "ProcAttr")
	}
	return false
}

func isNamed(t types.Type, path, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}
