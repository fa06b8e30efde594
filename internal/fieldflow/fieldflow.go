// Package fieldflow follows resources kept in struct fields across the
// functions of a package, on its SSA form: where a field is given a value,
// where the value read from it goes (to a child process, to a release such
// as Close or Wait, to other code), whatever the shape of the code in
// between: a slice literal, an append, a range loop, an interface, a
// closure, a helper that closes its parameter. With Policy.Globals, the
// package's own variables are followed the same way: a package-level
// variable is a field of the package.
//
// A struct that keeps a resource in a field takes over the duty to release
// it: some function of the package must release the field's value or hand
// it on. The syntax-level question "is this selector closed?" misses the
// shapes real code uses (a descriptor opened by one method, put into
// cmd.ExtraFiles by another, closed by none); in SSA each of them is a
// chain of instructions from a field address to a call.
//
// A field is known by its origin (types.Var.Origin): a field of a generic
// struct is one object in the type's declaration, another in the body of
// each method (whose receiver is an instance with the method's own type
// parameters) and another in each instance a caller names. The field
// records, the tracked predicate and Creation's field are all of the
// origin, so a store in one place and a release in another meet.
package fieldflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Use is what the code does with a value read from a field.
type Use uint8

const (
	Borrows  Use = 0
	Releases Use = 1 << iota // closes, waits for or releases it
	Escapes                  // hands it on: returned, stored elsewhere, sent, given to code that may keep it
	Child                    // hands it to a child process (exec.Cmd's files, os.ProcAttr.Files)
	Starts                   // starts it (a command's Start, Run, Output, CombinedOutput)
	// ClosesChildFiles: of a command, closes the files it hands to its
	// child (its Stdin, Stdout, Stderr or ExtraFiles), as a start helper
	// that closes the parent's copies does.
	ClosesChildFiles
	// SetsWaitDelay: of a command, sets its WaitDelay.
	SetsWaitDelay
)

// A Site is an instruction of a function of the package.
type Site struct {
	Pos  token.Pos
	Func *ssa.Function
	// Recv names the variable the field was read through ("p" for
	// p.files) when it is a parameter or a receiver, or "".
	Recv string
}

// A Store is an assignment of a value to the field.
type Store struct {
	Site
	// Created is the call that opened the value when the package made
	// it there (os.Create, (*net.TCPListener).File), nil when the value
	// came from elsewhere (a parameter, another package's result).
	Created *Creation
	// Nil is set when the value stored is nil: a reset, neither owned
	// nor foreign.
	Nil bool
}

// A Creation is a call that opened a new descriptor.
type Creation struct {
	Name string        // "os.Create", "TCPListener.File"
	Func *ssa.Function // the function that made the call
}

// A Field is what the package does with one struct field; Var is the
// field's origin.
type Field struct {
	Var      *types.Var
	Stores   []Store
	Children []Site // the field's value handed to a child process
	Releases []Site // released, or given to a function that may release it
	Escapes  []Site // handed on
	// Uses are the other calls that take the field's value and only use
	// it (f.Fd(), f.Write, a helper that reads it): the parent needs the
	// value itself. A call through a function value is not one.
	Uses []Site
}

// Owned reports whether every value the package stores in the field is one
// it opened itself, and there is at least one: the package owns what the
// field holds.
func (f *Field) Owned() bool {
	created := false
	for _, s := range f.Stores {
		switch {
		case s.Nil:
		case s.Created == nil:
			return false
		default:
			created = true
		}
	}
	return created
}

// Released reports whether some function of the package releases the
// field's value or hands it on.
func (f *Field) Released() bool { return len(f.Releases) > 0 || len(f.Escapes) > 0 }

// A Policy says what the code outside the package does with a value.
type Policy struct {
	// Foreign says what a call of a function of another package does
	// with its argument i (the receiver of a method is argument 0).
	Foreign func(callee *types.Func, i int) Use
	// FuncValuesBorrow makes a call through a function value a borrow
	// of the field's value: the field still holds it after the call,
	// so a callee that released it would leave the field holding a
	// released resource. When false, the call may keep it.
	FuncValuesBorrow bool
	// Globals follows the package-level variables for which tracked
	// returns true as well: a variable of the package is a field of the
	// package itself, with the same duty to release what it holds.
	Globals bool
}

// A Flow follows values through the functions of one package: the
// fields it stores them in, and what each function does with its
// parameters.
type Flow struct{ a *analysis }

// New prepares the following of values through the functions, all of the
// package pkg.
func New(pkg *ssa.Package, funcs []*ssa.Function, pol Policy) *Flow {
	return &Flow{&analysis{pkg: pkg, funcs: funcs, pol: pol, summaries: make(map[paramKey]Use)}}
}

// Analyze follows the fields for which tracked returns true through the
// functions, all of one package.
func Analyze(pkg *ssa.Package, funcs []*ssa.Function, tracked func(*types.Var) bool, pol Policy) map[*types.Var]*Field {
	return New(pkg, funcs, pol).Fields(tracked)
}

// Fields follows the fields for which tracked returns true.
func (fl *Flow) Fields(tracked func(*types.Var) bool) map[*types.Var]*Field {
	a := &analysis{pkg: fl.a.pkg, funcs: fl.a.funcs, pol: fl.a.pol, tracked: tracked, fields: make(map[*types.Var]*Field), base: fl.a}
	for _, fn := range a.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.FieldAddr:
					if f := a.field(instr.X.Type(), instr.Field); f != nil {
						a.fieldAddr(f, fn, instr)
					}
				case *ssa.Field:
					if f := a.field(instr.X.Type(), instr.Field); f != nil {
						a.record(f, a.follow(instr, fn, recvName(instr.X)))
					}
				}
				if a.pol.Globals {
					a.globalUses(fn, instr)
				}
			}
		}
	}
	return a.fields
}

// Param returns what the function of the package does with its parameter
// i (a method's receiver is parameter 0): releases it (Close, Wait),
// starts it, hands it to a child, or hands it on, on some path.
func (fl *Flow) Param(fn *ssa.Function, i int) Use { return fl.a.summary(fn, i) }

type paramKey struct {
	fn *ssa.Function
	i  int
}

type analysis struct {
	// base computes the parameter summaries, which do not depend on
	// the fields tracked; nil in the base itself.
	base      *analysis
	pkg       *ssa.Package
	funcs     []*ssa.Function
	pol       Policy
	tracked   func(*types.Var) bool
	fields    map[*types.Var]*Field
	summaries map[paramKey]Use // what a function of the package does with its parameter
}

// field returns the record of field i of the struct (or pointer to
// struct) type t when it is tracked.
func (a *analysis) field(t types.Type, i int) *Field {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	v := st.Field(i).Origin() // the same field in a generic body and its instances
	if a.tracked == nil || !a.tracked(v) {
		return nil
	}
	f := a.fields[v]
	if f == nil {
		f = &Field{Var: v}
		a.fields[v] = f
	}
	return f
}

// uses collects what happens to one value read from a field.
type uses struct {
	// by holds the sites of each use, by the bit of the Use: by[1] for
	// Releases, by[2] for Escapes, and so on; by[0] the calls that only
	// borrow.
	by [useBits][]Site
}

// useBits bounds the bits of a Use, Borrows (0) counted as the first.
const useBits = 8

// add records the site under each bit of use, or as a borrow.
func (u *uses) add(use Use, at Site) {
	if use == Borrows {
		u.by[0] = append(u.by[0], at)
		return
	}
	for b := 1; b < useBits; b++ {
		if use&(1<<b) != 0 {
			u.by[b] = append(u.by[b], at)
		}
	}
}

// sites returns the sites of one use (a single bit, or Borrows).
func (u *uses) sites(use Use) []Site {
	for b := 1; b < useBits; b++ {
		if use == 1<<b {
			return u.by[b]
		}
	}
	return u.by[0]
}

// use returns the union of the uses recorded, borrows left out.
func (u *uses) use() Use {
	var r Use
	for b := 1; b < useBits; b++ {
		if len(u.by[b]) > 0 {
			r |= 1 << b
		}
	}
	return r
}

func (u *uses) merge(o *uses) {
	for b := range u.by {
		u.by[b] = append(u.by[b], o.by[b]...)
	}
}

func (a *analysis) record(f *Field, u *uses) {
	f.Children = append(f.Children, u.sites(Child)...)
	f.Releases = append(f.Releases, u.sites(Releases)...)
	f.Escapes = append(f.Escapes, u.sites(Escapes)...)
	f.Uses = append(f.Uses, u.sites(Borrows)...)
}

// fieldAddr handles an address of the field: stores into it, loads from
// it, and the address itself going elsewhere.
func (a *analysis) fieldAddr(f *Field, fn *ssa.Function, fa *ssa.FieldAddr) {
	recv := recvName(fa.X)
	for _, ref := range *fa.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != fa {
				f.Escapes = append(f.Escapes, Site{Pos: ref.Pos(), Func: fn, Recv: recv})
				continue
			}
			st := Store{Site: Site{Pos: ref.Pos(), Func: fn, Recv: recv}}
			if isNil(ref.Val) {
				st.Nil = true
			} else {
				st.Created = a.creation(ref.Val, fn, f.Var, make(map[ssa.Value]bool))
			}
			f.Stores = append(f.Stores, st)
		case *ssa.UnOp:
			if ref.Op == token.MUL {
				a.record(f, a.follow(ref, fn, recv))
			}
		case *ssa.DebugRef:
		default:
			// &s.f given to other code: it may store anything there
			// and release what is there.
			f.Escapes = append(f.Escapes, Site{Pos: fa.Pos(), Func: fn, Recv: recv})
		}
	}
}

// recvName names the value a field is read through when it is a
// parameter (a receiver included).
func recvName(v ssa.Value) string {
	if p, ok := v.(*ssa.Parameter); ok {
		return p.Name()
	}
	return ""
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// globalUses handles the operands of instr that are tracked package-level
// variables of the package. An *ssa.Global keeps no referrers, so each
// instruction is asked what it does with the variable's address: a store
// into it, a load from it, or the address itself going elsewhere.
func (a *analysis) globalUses(fn *ssa.Function, instr ssa.Instruction) {
	var ops [8]*ssa.Value
	for _, op := range instr.Operands(ops[:0]) {
		g, ok := (*op).(*ssa.Global)
		if !ok || g.Pkg != a.pkg {
			continue
		}
		v, ok := g.Object().(*types.Var)
		if !ok || a.tracked == nil || !a.tracked(v) {
			continue
		}
		f := a.fields[v]
		if f == nil {
			f = &Field{Var: v}
			a.fields[v] = f
		}
		at := Site{Pos: instr.Pos(), Func: fn}
		switch instr := instr.(type) {
		case *ssa.Store:
			if instr.Addr != g {
				f.Escapes = append(f.Escapes, at)
				continue
			}
			st := Store{Site: at}
			if isNil(instr.Val) {
				st.Nil = true
			} else {
				st.Created = a.creation(instr.Val, fn, v, make(map[ssa.Value]bool))
			}
			f.Stores = append(f.Stores, st)
		case *ssa.UnOp:
			if instr.Op == token.MUL {
				a.record(f, a.follow(instr, fn, ""))
			}
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.DebugRef:
			// a part of a struct or array variable: the field's own
			// record follows it
		default:
			f.Escapes = append(f.Escapes, at)
		}
	}
}
