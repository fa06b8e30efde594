package execfd

import (
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A command passed to a method of an interface declared in the package
// (a ProcessMonitor's Start, an IO's Set) goes to the package's own
// implementations, unless a caller installs another: what they all do with
// it is what the call does. Without them the command would be unknown code's
// (handed on), and neither its start, its wait nor the files they hand it
// could be checked.

// implementations returns the methods of the package's named types that
// implement the interface method m, which the package declares; nil when m
// is not an interface method.
func (c *checker) implementations(m *types.Func) []*types.Func {
	if impls, ok := c.impls[m]; ok {
		return impls
	}
	var impls []*types.Func
	recv := m.Type().(*types.Signature).Recv()
	if iface, ok := recv.Type().Underlying().(*types.Interface); ok && m.Pkg() == c.pass.Pkg {
		scope := c.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			// A generic type is judged by its declaration: when it
			// implements the interface, every instance does, with
			// its methods' bodies. One whose method takes or returns
			// a value of its type parameter may implement it for
			// some type arguments: it counts too, and hands on what
			// such a parameter gets (paramUse).
			named, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(named) {
				continue
			}
			var t types.Type = named
			if !types.Implements(t, iface) {
				if t = types.NewPointer(named); !types.Implements(t, iface) && !mayImplementFor(named, m) {
					continue
				}
			}
			obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, m.Name())
			if f, ok := obj.(*types.Func); ok && f.Pkg() == c.pass.Pkg {
				impls = append(impls, f)
			}
		}
	}
	if c.impls == nil {
		c.impls = make(map[*types.Func][]*types.Func)
	}
	c.impls[m] = impls
	return impls
}

// mayImplementFor reports whether the generic type has a method named as
// the interface method m, of as many parameters and results, some of them
// typed by a type parameter: an instance may have m's signature.
func mayImplementFor(named *types.Named, m *types.Func) bool {
	if named.TypeParams() == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, m.Pkg(), m.Name())
	f, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig, want := f.Type().(*types.Signature), m.Type().(*types.Signature)
	if sig.Params().Len() != want.Params().Len() || sig.Results().Len() != want.Results().Len() || sig.Variadic() != want.Variadic() {
		return false
	}
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for v := range tuple.Variables() {
			if pkgtypes.OfTypeParam(v.Type()) {
				return true
			}
		}
	}
	return false
}

// isAbstract reports whether fn is an interface method.
func isAbstract(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// interfaceUse is what a call of the interface method m does with its
// parameter i: what every implementation in the package does (it starts
// the command only if each starts it), and a hand-off if any hands it on.
// With no implementation in the package the parameter is handed on.
func (c *checker) interfaceUse(m *types.Func, i int) paramUse {
	impls := c.implementations(m)
	if len(impls) == 0 {
		return useTakes
	}
	key := paramKey{m, i}
	c.uses[key] = useTakes // a cycle through the interface hands it on
	all, anyTakes := ^paramUse(0), paramUse(0)
	for _, impl := range impls {
		u := c.paramUse(impl, i)
		all &= u
		anyTakes |= u & useTakes
	}
	u := all&^useTakes | anyTakes
	c.uses[key] = u
	return u
}
