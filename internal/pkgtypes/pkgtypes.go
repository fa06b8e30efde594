// Package pkgtypes holds the small type and import tests that every
// analyzer's fast path and model share.
package pkgtypes

import "go/types"

// ImportsAny reports whether pkg directly imports one of the paths. It is
// the analyzers' first filter: a package that imports none of what an
// analyzer judges is skipped before any syntax is walked.
func ImportsAny(pkg *types.Package, paths ...string) bool {
	if pkg == nil {
		return false
	}
	for _, imp := range pkg.Imports() {
		for _, p := range paths {
			if imp.Path() == p {
				return true
			}
		}
	}
	return false
}

// IsNamed reports whether t, with aliases removed, is the named type
// path.name.
func IsNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// IsOSFile reports whether t is *os.File.
func IsOSFile(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && IsNamed(p.Elem(), "os", "File")
}
