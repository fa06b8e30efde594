package fieldflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// creation returns the call that opened v when v is a descriptor the
// package opens here: the result of os.Open and its kind, an end of
// os.Pipe, the duplicate that a listener's or a connection's File method
// makes; a slice literal or an append of such values (to what the field
// already holds); a phi of them and nil. It returns nil for anything else.
func (a *analysis) creation(v ssa.Value, fn *ssa.Function, field *types.Var, seen map[ssa.Value]bool) *Creation {
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return creationCall(call, fn)
		}
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(v.Call.Args) == 2 {
			if !isNil(v.Call.Args[0]) && !isLoadOf(v.Call.Args[0], field) && a.creation(v.Call.Args[0], fn, field, seen) == nil {
				return nil
			}
			return a.creation(v.Call.Args[1], fn, field, seen)
		}
		return creationCall(v, fn)
	case *ssa.Phi:
		var c *Creation
		for _, e := range v.Edges {
			if isNil(e) {
				continue
			}
			ec := a.creation(e, fn, field, seen)
			if ec == nil {
				return nil
			}
			c = ec
		}
		return c
	case *ssa.Slice:
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok {
			return nil
		}
		// A slice literal: every element stored into its array must be
		// a creation.
		var c *Creation
		for _, r := range *alloc.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					ec := a.creation(st.Val, fn, field, seen)
					if ec == nil {
						return nil
					}
					c = ec
				}
			}
		}
		return c
	}
	return nil
}

// isLoadOf reports whether v is a load of the field (a struct field, or a
// package-level variable).
func isLoadOf(v ssa.Value, field *types.Var) bool {
	l, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	if g, ok := l.X.(*ssa.Global); ok {
		return g.Object() == field // a package-level variable
	}
	fa, ok := l.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	t := fa.X.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && fa.Field < st.NumFields() && st.Field(fa.Field).Origin() == field.Origin()
}

// creationCall returns the creation when the call opens a descriptor.
func creationCall(call *ssa.Call, fn *ssa.Function) *Creation {
	static := call.Call.StaticCallee()
	if static == nil {
		return nil
	}
	callee, ok := static.Object().(*types.Func)
	if !ok || callee.Pkg() == nil {
		return nil
	}
	sig := callee.Type().(*types.Signature)
	switch callee.Pkg().Path() {
	case "os":
		if sig.Recv() == nil {
			switch callee.Name() {
			case "Open", "OpenFile", "Create", "NewFile", "Pipe", "OpenInRoot", "CreateTemp":
				return &Creation{Name: "os." + callee.Name(), Func: fn}
			}
		} else if isNamed(sig.Recv().Type(), "os", "Root") {
			switch callee.Name() {
			case "Open", "OpenFile", "Create":
				return &Creation{Name: "Root." + callee.Name(), Func: fn}
			}
		}
	case "os/exec":
		// A command the package makes: the child it starts is the
		// package's to wait for.
		if sig.Recv() == nil && (callee.Name() == "Command" || callee.Name() == "CommandContext") {
			return &Creation{Name: "exec." + callee.Name(), Func: fn}
		}
	case "net":
		// The File method of a listener or a connection returns a
		// duplicate of its descriptor: the caller must close it.
		if sig.Recv() != nil && callee.Name() == "File" {
			t := sig.Recv().Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok {
				return &Creation{Name: n.Obj().Name() + ".File", Func: fn}
			}
		}
	}
	return nil
}
