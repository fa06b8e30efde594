package tempfacts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// A function may hand its caller a list of temp names rather than one
// object: fzf's replacePlaceholder gives the template expander a closure
// that writes a temp file for each placeholder and appends its name to a
// list the function returns. Read from the SSA form: the list values are
// followed from the appends of creations (in the function or its
// closures, through the cells closures capture) and from the results of
// functions with the fact, to the function's returns.

// returnsTempList is the fact of a function that returns, at result
// Result, a list of the names of temp objects it created, itself or in the
// closures it runs (fzf's replacePlaceholder: a closure given to the
// template expander appends the name of each file it writes), or that a
// function with this fact returned to it: its caller must remove them.
type returnsTempList struct {
	Result int
	Kind   Kind
}

func (*returnsTempList) AFact() {}

func (f *returnsTempList) String() string {
	return fmt.Sprintf("returnsTempList(%s %d)", f.Kind, f.Result)
}

func (r *Result) listOf(fn *types.Func) *returnsTempList {
	if fn.Pkg() != r.pkg {
		return r.listMemo[fn]
	}
	return memoized(r, r.listMemo, fn, r.computeList)
}

// ListResult returns the result index at which the call returns a list of
// temp names (the callee's returnsTempList fact), or -1.
func (r *Result) ListResult(call *ast.CallExpr) int {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok {
		return -1
	}
	if f := r.listOf(fn.Origin()); f != nil {
		return f.Result
	}
	return -1
}

// listSources reports whether the body (function literals included)
// appends and either creates a temp object or calls a function that
// returns a list of them: the cheap test before the SSA form is built.
func (r *Result) listSources(body *ast.BlockStmt) bool {
	appends, creates, lists := false, false, false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || lists {
			return !lists
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := r.info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
				appends = true
			}
		}
		if r.ListResult(call) >= 0 {
			lists = true
		} else if !creates && r.Creation(call) != nil {
			creates = true
		}
		return true
	})
	return lists || (appends && creates)
}

// computeList decides the returnsTempList fact of a function of the
// package, on its SSA form.
func (r *Result) computeList(fn *types.Func, d *ast.FuncDecl) *returnsTempList {
	sig := fn.Type().(*types.Signature)
	result := -1
	for i := 0; i < sig.Results().Len(); i++ {
		if isStringSlice(sig.Results().At(i).Type()) {
			result = i
			break
		}
	}
	if result < 0 || !r.listSources(d.Body) {
		return nil
	}
	sf := r.ssaFunc(fn)
	if sf == nil {
		return nil
	}
	calls := make(map[token.Pos]*ast.CallExpr)
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			calls[call.Lparen] = call
		}
		return true
	})
	holders := make(map[ssa.Value]bool)
	var kind Kind
	var spread func(h ssa.Value)
	spread = func(h ssa.Value) {
		if holders[h] {
			return
		}
		holders[h] = true
		if fv, ok := h.(*ssa.FreeVar); ok {
			if b := binding(fv); b != nil { // fieldvalue.go
				spread(b)
			}
		}
		for _, ref := range *h.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Phi, *ssa.Slice, *ssa.ChangeType:
				spread(ref.(ssa.Value))
			case *ssa.UnOp:
				if ref.Op == token.MUL {
					spread(ref)
				}
			case *ssa.Call:
				if isAppend(ref) {
					spread(ref)
				}
			case *ssa.Store:
				switch ref.Addr.(type) {
				case *ssa.Alloc, *ssa.FreeVar: // a local variable's cell, a captured one
					if ref.Val == h {
						spread(ref.Addr)
					}
				}
			case *ssa.MakeClosure:
				// A cell captured by a closure: the closure's loads of
				// its free variable (and, from a free variable, the
				// cell it was bound to, below).
				if fn, ok := ref.Fn.(*ssa.Function); ok {
					for i, b := range ref.Bindings {
						if b == h && i < len(fn.FreeVars) {
							spread(fn.FreeVars[i])
						}
					}
				}
			}
		}
	}
	for _, f := range append([]*ssa.Function{sf}, allAnon(sf)...) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				ac := calls[call.Pos()]
				if ac == nil {
					continue
				}
				if i := r.ListResult(ac); i >= 0 {
					if v := resultOf(call, i); v != nil {
						if kind == 0 {
							kind = r.listOf(typeutil.Callee(r.info, ac).(*types.Func).Origin()).Kind
						}
						spread(v)
					}
					continue
				}
				c := r.Creation(ac)
				if c == nil || c.Object < 0 || c.CallersValue {
					continue
				}
				obj := resultOf(call, c.Object)
				if obj == nil {
					continue
				}
				for _, app := range appendsOf(obj) {
					if kind == 0 {
						kind = c.Kind
						if c.Kind == File {
							kind = Path
						}
					}
					spread(app)
				}
			}
		}
	}
	for _, b := range sf.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && result < len(ret.Results) && holders[ret.Results[result]] {
			return &returnsTempList{Result: result, Kind: kind}
		}
	}
	return nil
}

// resultOf returns result i of the call: the call itself when it has one
// result, else its Extract.
func resultOf(call *ssa.Call, i int) ssa.Value {
	if _, ok := call.Type().(*types.Tuple); ok {
		return extract(call, i)
	}
	if i == 0 {
		return call
	}
	return nil
}
