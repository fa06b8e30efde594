package tempfacts

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Creating methods of an owner type, judged on the SSA form.
//
// A method of an owner type creates the object its owning field holds
// when the value that a creation in its body makes (os.MkdirTemp,
// os.CreateTemp, a function with a creates fact) reaches a store into
// that field: through phis, local cells and captured variables (a
// sync.Once's function), conversions, values computed from it
// (NewAbsPath(d), filepath.Join(d, "x"), f.Name()) and a struct built
// field by field (s.tempDir = AbsPath{path: d}). A struct of the owner
// type itself that the method builds and does not store into its
// receiver (a copy it returns) makes the method no creator: the receiver
// holds nothing.

// creatorMethods returns the methods of named that store a temp object
// they make into field f, and the methods of named that call one of them.
func (r *Result) creatorMethods(named *types.Named, f *types.Var) []string {
	var candidates []*types.Func
	for fn := range r.decls {
		if recv := receiverType(fn); recv == nil || recv.Origin() != named.Origin() {
			continue
		}
		if len(r.creationsIn(fn)) > 0 {
			candidates = append(candidates, fn)
		}
	}
	slices.SortFunc(candidates, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	creators := make(map[*types.Func]bool)
	for _, fn := range candidates {
		if sf := r.releaseSSA(fn, candidates); sf != nil && r.storesCreation(sf, f, r.creationsIn(fn)) {
			creators[fn] = true
		}
	}
	if len(creators) == 0 {
		return nil
	}
	var names []string
	for fn := range r.sameTypeCallers(named, creators) {
		names = append(names, fn.Name())
	}
	return names
}

// creationsIn is the syntactic pre-pass: the creations in the body of fn
// (its function literals included) whose result is the object, by the
// position of their call's parenthesis, where the SSA call is found.
func (r *Result) creationsIn(fn *types.Func) map[token.Pos]*Creation {
	if m, ok := r.creationsMemo[fn]; ok {
		return m
	}
	var m map[token.Pos]*Creation
	ast.Inspect(r.decls[fn].Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if c := r.Creation(call); c != nil && c.Object >= 0 {
				if m == nil {
					m = make(map[token.Pos]*Creation)
				}
				m[call.Lparen] = c
			}
		}
		return true
	})
	r.creationsMemo[fn] = m
	return m
}

// storesCreation reports whether the object that one of the creations
// in sf (or in a function literal inside it) makes reaches a store into
// field f.
func (r *Result) storesCreation(sf *ssa.Function, f *types.Var, creations map[token.Pos]*Creation) bool {
	var w valueWork
	push := w.push
	for _, fn := range append([]*ssa.Function{sf}, allAnon(sf)...) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				c := creations[call.Call.Pos()]
				if c == nil {
					continue
				}
				push(resultValue(call, c.Object))
			}
		}
	}
	for {
		v, ok := w.next()
		if !ok {
			break
		}
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Val != v {
					continue
				}
				switch addr := ref.Addr.(type) {
				case *ssa.FieldAddr:
					if addrField(addr) == f && storedInPlace(addr.X) {
						return true
					}
					if _, made := addr.X.(*ssa.Alloc); made {
						push(addr.X) // a struct built field by field
					}
				case *ssa.IndexAddr:
					switch addr.X.(type) {
					case *ssa.Alloc, *ssa.MakeSlice:
						push(addr.X) // an array of variadic arguments
					}
				case *ssa.Alloc:
					push(addr) // a local cell: its loads
				case *ssa.FreeVar:
					// A captured variable: its cell, where the literal is made.
					push(binding(addr))
				}
			case *ssa.MakeClosure:
				w.pushCaptured(ref, v)
			case *ssa.FieldAddr, *ssa.IndexAddr:
				// An address inside v: what it reads is another value.
			case *ssa.Call:
				if r.setterStoresInto(ref, v, f) {
					return true // s.setDir(d) (setsfield.go)
				}
				push(ref) // a value computed from v
			case ssa.Value:
				// A value computed from v, a call given it included.
				push(ref)
			}
		}
	}
	return false
}

// storedInPlace reports whether x, the struct whose field is stored, is
// the method's receiver (or any value it did not make: a field reached
// through it), not a struct the method made, unless that is copied into
// its receiver whole (*s = *tmp).
func storedInPlace(x ssa.Value) bool {
	a, ok := x.(*ssa.Alloc)
	if !ok {
		return true
	}
	for _, ref := range *a.Referrers() {
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		for _, rr := range *load.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Val == load {
				if _, made := st.Addr.(*ssa.Alloc); !made {
					return true
				}
			}
		}
	}
	return false
}
