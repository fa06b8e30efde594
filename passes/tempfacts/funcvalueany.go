package tempfacts

import (
	"go/ast"
	"go/types"
)

// A function value called with the path only among arguments of type any
// (a logger held in a field, c.debug("mount(%q)", filepath.Join(dir, m.target))):
// as for a function of another package that receives the path as any
// (Tracker.pathAsAny), such code keeps or formats a value; it does not
// remove what it is handed as any. The caller still owns the object.
// u-root's pox passed its temp directory to its debug printer in the loop
// that mounts under it, and every later return counted as a hand-off.
// The same holds for a method of an interface (an injected logger,
// b.logger.V(2).Infof("Copying %q to %q", url, dest), as kind's builder
// does): whatever the implementation, it receives the path as any.

// pathsAsAnyToFuncValue reports whether every carried argument of the call
// of a function value or an interface method is a string holding the path
// (or a path inside it),
// received by a parameter of type any, written out (no call f(xs...)).
func (t *Tracker) pathsAsAnyToFuncValue(call *ast.CallExpr, carried []int) bool {
	if call.Ellipsis.IsValid() || t.mode == Close || len(carried) == 0 {
		return false
	}
	sig, ok := t.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for _, i := range carried {
		if !isStringType(t.info.TypeOf(call.Args[i])) || !takesAny(sig, i) {
			return false
		}
	}
	return true
}
