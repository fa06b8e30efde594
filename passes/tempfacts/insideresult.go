package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A function that returns only a path inside a temp directory it made
// (filepath.Join(dir, "lfs.sock")) hands its caller a file name, not the
// directory: the caller that uses the socket or file has no removal of the
// directory to make unless it takes the path's parent, and code that does
// not know where the path came from never does (git-lfs' getControlDir
// leaves one sock-* directory per run). Such a return keeps the directory
// in use (Kept), it does not hand it off; the directory is still owed a
// removal by the function that made it.
//
// The exception follows the returned value into the package's own
// callers: one that removes the parent of the result (os.RemoveAll of
// filepath.Dir(p), or of a value derived from it by a cleaning function)
// takes the directory, and the return hands it off there.

// callerRemovesParent reports whether some caller of fn in the package
// removes the parent directory of fn's result i.
func (r *Result) callerRemovesParent(fn *types.Func, i int) bool {
	if fn == nil || fn.Pkg() != r.pkg {
		return false
	}
	key := [2]any{fn, resultIndex(i)} // not a parameter's index (paramReasons)
	if m, ok := r.reasonsMemo[key]; ok {
		return m != 0
	}
	r.reasonsMemo[key] = 0 // cycles
	found := false
	for _, caller := range r.localCallers()[fn.Origin()] {
		sf := r.ssaFunc(caller)
		if sf == nil {
			continue
		}
		if removesParentOfResult(sf, fn.Origin(), i) {
			found = true
			break
		}
	}
	if found {
		r.reasonsMemo[key] = 1
	}
	return found
}

// resultIndex numbers a result in the keys of Result.reasonsMemo.
type resultIndex int

// removesParentOfResult reports whether sf (or a function literal inside
// it) calls fn and removes the parent of its result i.
func removesParentOfResult(sf *ssa.Function, fn *types.Func, i int) bool {
	for _, f := range append([]*ssa.Function{sf}, sf.AnonFuncs...) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || callee.Object() == nil || callee.Object().(*types.Func).Origin() != fn {
					continue
				}
				if parentRemoved(resultValue(call, i), make(map[ssa.Value]bool), false) {
					return true
				}
			}
		}
	}
	return false
}

// resultValue returns the value of result i of the call: the call itself
// when it has one result, else its Extract.
func resultValue(call *ssa.Call, i int) ssa.Value {
	if call.Call.Signature().Results().Len() == 1 {
		if i == 0 {
			return call
		}
		return nil
	}
	return extract(call, i)
}

// parentRemoved follows v through phis, conversions and cleaning calls to
// a call of filepath.Dir or path.Dir (parent: the value is the parent
// already) and from there to a removal.
func parentRemoved(v ssa.Value, seen map[ssa.Value]bool, parent bool) bool {
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Phi:
			if parentRemoved(ref, seen, parent) {
				return true
			}
		case *ssa.ChangeType, *ssa.Convert:
			if parentRemoved(ref.(ssa.Value), seen, parent) {
				return true
			}
		case ssa.CallInstruction: // a call, deferred or not
			callee := ref.Common().StaticCallee()
			if callee == nil || callee.Pkg == nil {
				continue
			}
			call, isValue := ref.(*ssa.Call)
			switch callee.Pkg.Pkg.Path() + "." + callee.Name() {
			case "path/filepath.Dir", "path.Dir":
				if isValue && !parent && parentRemoved(call, seen, true) {
					return true
				}
			case "path/filepath.Clean", "path.Clean":
				if isValue && parentRemoved(call, seen, parent) {
					return true
				}
			case "path/filepath.EvalSymlinks", "path/filepath.Abs":
				if isValue && parentRemoved(extract(call, 0), seen, parent) {
					return true
				}
			case "os.RemoveAll", "os.Remove":
				if parent {
					return true
				}
			}
		}
	}
	return false
}

// ReturnsInsideOnly reports whether the return statement gives the caller
// a path inside the tracked object and nothing that holds the object
// itself, a socket bound in it or a literal capturing it.
func (t *Tracker) ReturnsInsideOnly(ret *ast.ReturnStmt) bool {
	inside := false
	for _, e := range ret.Results {
		switch t.holds(e) {
		case holdsItself:
			return false
		case holdsInside:
			if t.endpointExpr(e) || t.lit(e) != holdsNothing {
				return false
			}
			inside = true
		}
	}
	return inside
}
