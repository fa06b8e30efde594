package filemode

import "go/types"

// shim is the import path of the explicit-mode creation functions.
const shim = "github.com/tmplint/tmplint/shim/fsmode"

// shimFunc reports whether a fix may write a call to the shim's function
// fn in the package under analysis: whether adding the import can never
// break the build.
//
// An analyzer sees no go.mod (not in vet mode, not under golangci), so
// whether the module requires github.com/tmplint/tmplint is not a thing it
// can ask. What it can see is the package's import graph: when the shim is
// among the package's imports or their imports, it is in the build graph
// already (its module is in the module graph, and go.mod lists it, as an
// indirect requirement at least), and the very version the build uses is
// the one loaded, so whether it has fn is a lookup. Anything else is a
// guess: a module that does not require tmplint breaks with "no required
// module provides package" once the import appears.
//
// The graph may be incomplete (export data lists only the packages that a
// dependency's API mentions, so a shim used inside a dependency may not be
// seen); that only withholds the shim-based edit, never offers a wrong one.
func (c *checker) shimFunc(fn string) bool {
	if !c.shimLooked {
		c.shimLooked = true
		c.shimPkg = reachable(c.pass.Pkg, shim)
	}
	if c.shimPkg == nil {
		return false
	}
	f, ok := c.shimPkg.Scope().Lookup(fn).(*types.Func)
	return ok && f.Exported()
}

// reachable returns the package with the import path among the imports of
// pkg, direct or not, or nil.
func reachable(pkg *types.Package, path string) *types.Package {
	seen := make(map[*types.Package]bool)
	stack := append([]*types.Package(nil), pkg.Imports()...)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		if p.Path() == path {
			return p
		}
		stack = append(stack, p.Imports()...)
	}
	return nil
}
