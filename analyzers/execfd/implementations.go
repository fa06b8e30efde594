package execfd

import "go/types"

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
			named, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(named) || named.TypeParams() != nil {
				continue
			}
			var t types.Type = named
			if !types.Implements(t, iface) {
				if t = types.NewPointer(named); !types.Implements(t, iface) {
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
