package mountfacts

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/mounts"
)

// A mount helper often returns an object that holds the mount point and
// unmounts it in a method (u-root's mount.Mount returns a *MountPoint whose
// Unmount calls unix.Unmount(mp.Path, flags)). A caller that keeps that
// object in a local variable and calls such a method has not handed the
// path to anyone: the mount ends with the function. The unmountsAt fact
// says which parameters (and whether the receiver) a function unmounts.

// unmountsAt is the fact of a function that unmounts a target made from
// its receiver (Recv) or from its parameters Params.
type unmountsAt struct {
	Recv   bool
	Params []int
}

func (*unmountsAt) AFact() {}

func (f *unmountsAt) String() string {
	if f.Recv {
		return fmt.Sprintf("unmountsAt.recv%v", f.Params)
	}
	return fmt.Sprintf("unmountsAt%v", f.Params)
}

// recvIndex stands for the receiver among the unmounted parameters.
const recvIndex = -1

// UnmountsReceiver reports whether the call is a method call that
// unmounts a target made from its receiver (a field of it, as mp.Path).
func (r *Result) UnmountsReceiver(call *ast.CallExpr) bool {
	if r == nil || !r.active {
		return false
	}
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return false
	}
	for _, i := range r.unmountParams(fn) {
		if i == recvIndex {
			return true
		}
	}
	return false
}

// unmountTargets returns the targets that call unmounts: the first
// argument of syscall.Unmount and unix.Unmount, the arguments (and the
// receiver) an unmountsAt fact names.
func (r *Result) unmountTargets(call *ast.CallExpr) []ast.Expr {
	if t, ok := mounts.MatchUnmount(r.info, call); ok {
		return []ast.Expr{t}
	}
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	var out []ast.Expr
	for _, i := range r.unmountParams(fn) {
		switch {
		case i == recvIndex:
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				out = append(out, sel.X)
			}
		case i < len(call.Args):
			out = append(out, call.Args[i])
		}
	}
	return out
}

func (r *Result) unmountParams(fn *types.Func) []int {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return nil
	}
	if fn.Pkg() == r.pass.Pkg {
		return r.unmounts[fn]
	}
	var f unmountsAt
	if !r.pass.ImportObjectFact(fn, &f) {
		return nil
	}
	ps := f.Params
	if f.Recv {
		ps = append([]int{recvIndex}, ps...)
	}
	return ps
}

// unmountedParams returns the parameters of fd (recvIndex for the
// receiver) that an unmount in its body has in its target, sorted.
func (r *Result) unmountedParams(fd *ast.FuncDecl, fn *types.Func) []int {
	return r.paramsInTargets(fd, fn, r.unmounts[fn], r.unmountTargets, true)
}

// exportUnmounts exports the unmountsAt facts of the package's functions,
// and reports whether there was one.
func (r *Result) exportUnmounts() bool {
	exported := false
	for fn, ps := range r.unmounts {
		if len(ps) == 0 {
			continue
		}
		f := &unmountsAt{}
		for _, i := range ps {
			if i == recvIndex {
				f.Recv = true
			} else {
				f.Params = append(f.Params, i)
			}
		}
		r.pass.ExportObjectFact(fn, f)
		exported = true
	}
	return exported
}
