package tempfacts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// A creator may hand its object to the caller through a pointer parameter
// instead of a result: a visitor that extracts an archive entry with
// "*tempFile, err = writeBinary(dir, r)" (syncthing's archiveFileVisitor).
// The caller's "visit(dir, &tempName, ...)" then makes tempName hold a
// temp object from that call on, as "tempName, err := writeBinary(...)"
// would. The callee's side is read from its SSA form: a Store whose
// address is the pointer parameter itself and whose value is the object
// a creation returned (or its Name()), followed on the control-flow graph
// to the returns it reaches without a removal.

// storesTemp is the fact of a function that stores a fresh temp object
// through some of its pointer parameters and returns, on some path, without
// removing it: its caller owns what the pointer then points to.
type storesTemp struct {
	Outs []OutParam
}

// An OutParam is one pointer parameter that a function stores a temp
// object through.
type OutParam struct {
	Param int  // the pointer parameter
	Kind  Kind // of what is stored: a file, a directory's path, a file's path
	// DirParam is the parameter naming the directory the object is created
	// in, -1 if none; OtherDir as in returnsTemp.
	DirParam int
	OtherDir bool
	// OnSuccess: the function's error result is not nil on every path
	// where the creation whose result it stored failed (a "" or nil
	// stored), so that the caller's error branch holds nothing, as after a
	// failed creation.
	OnSuccess bool
}

func (*storesTemp) AFact() {}

func (f *storesTemp) String() string {
	var outs []string
	for _, o := range f.Outs {
		parts := []string{fmt.Sprintf("%s into %d", o.Kind, o.Param)}
		if o.DirParam >= 0 {
			parts = append(parts, fmt.Sprintf("in param %d", o.DirParam))
		}
		if o.OtherDir {
			parts = append(parts, "in other dir")
		}
		if o.OnSuccess {
			parts = append(parts, "on success")
		}
		outs = append(outs, strings.Join(parts, ", "))
	}
	return "storesTemp(" + strings.Join(outs, "; ") + ")"
}

func (r *Result) storesOf(fn *types.Func) *storesTemp {
	if fn.Pkg() != r.pkg {
		return r.storesMemo[fn]
	}
	return memoized(r, r.storesMemo, fn, r.computeStores)
}

// OutCreation returns the creation that a call makes through a pointer
// argument (&v of a variable v) of a function with the storesTemp fact, or
// nil. Its Into is v: the variable holds the object after the call.
func (r *Result) OutCreation(call *ast.CallExpr) *Creation {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	addressed := false
	for _, a := range call.Args {
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			addressed = true
		}
	}
	if !addressed {
		return nil // no &v: nothing to store into
	}
	fn = fn.Origin()
	f := r.storesOf(fn)
	if f == nil {
		return nil
	}
	for _, o := range f.Outs {
		if o.Param >= len(call.Args) {
			continue
		}
		u, ok := ast.Unparen(call.Args[o.Param]).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			continue
		}
		id, ok := ast.Unparen(u.X).(*ast.Ident)
		if !ok || r.Var(id) == nil {
			continue
		}
		c := &Creation{Call: call, Callee: fn, Kind: o.Kind, Object: -1, Cleanup: -1, Into: id, IntoOnSuccess: o.OnSuccess, OtherDir: o.OtherDir}
		if o.DirParam >= 0 && o.DirParam < len(call.Args) {
			c.DirArg = call.Args[o.DirParam]
		}
		if c.DirArg != nil && (r.dirs.Classify(c.DirArg) == tempdir.Private || r.testingDir(c.DirArg)) {
			return nil
		}
		return c
	}
	return nil
}

// outAssign is AssignOf for a creation through a pointer argument: the
// statement is the call itself, or an assignment of its results, whose
// error guards the object only when the callee stores on success.
func (r *Result) outAssign(stmt ast.Node, c *Creation) *Assign {
	a := &Assign{Stmt: stmt, Creation: c, Object: c.Into}
	if es, ok := stmt.(*ast.ExprStmt); ok {
		if ast.Unparen(es.X) != ast.Expr(c.Call) {
			return nil
		}
		return a
	}
	lhs, rhs := pathflow.AssignSides(stmt)
	if lhs == nil || len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(c.Call) {
		return nil
	}
	if !c.IntoOnSuccess {
		return a
	}
	var last types.Type
	switch t := r.info.TypeOf(c.Call).(type) {
	case *types.Tuple:
		if t.Len() == len(lhs) {
			last = t.At(t.Len() - 1).Type()
		}
	default:
		if len(lhs) == 1 {
			last = t
		}
	}
	if last != nil && isErrorType(last) {
		if id, ok := lhs[len(lhs)-1].(*ast.Ident); ok {
			a.Err = id
		}
	}
	return a
}

// outStores lists the pointer parameters of d that the body assigns
// through ("*p = ...", "*p, err = ..."), when the body also creates a temp
// object: the syntactic pre-pass that says whether the function's SSA form
// is worth building for the fact.
func (r *Result) outStores(d *ast.FuncDecl) map[*types.Var]bool {
	var ptrs map[*types.Var]bool
	for _, f := range d.Type.Params.List {
		for _, id := range f.Names {
			v, ok := r.info.Defs[id].(*types.Var)
			if !ok {
				continue
			}
			if p, ok := v.Type().(*types.Pointer); ok && (isString(p.Elem()) || pkgtypes.IsOSFile(p.Elem())) {
				if ptrs == nil {
					ptrs = make(map[*types.Var]bool)
				}
				ptrs[v] = false
			}
		}
	}
	if ptrs == nil {
		return nil
	}
	found, creates := false, false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !creates && r.Creation(call) != nil {
			creates = true
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			if st, ok := ast.Unparen(l).(*ast.StarExpr); ok {
				if id, ok := ast.Unparen(st.X).(*ast.Ident); ok {
					if v, ok := r.info.Uses[id].(*types.Var); ok {
						if _, isPtr := ptrs[v]; isPtr {
							ptrs[v], found = true, true
						}
					}
				}
			}
		}
		return true
	})
	if !found || !creates {
		return nil
	}
	return ptrs
}

// computeStores decides the storesTemp fact of a function of the package.
func (r *Result) computeStores(fn *types.Func, d *ast.FuncDecl) *storesTemp {
	ptrs := r.outStores(d)
	if ptrs == nil {
		return nil
	}
	sf := r.ssaFunc(fn)
	if sf == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	offset := 0
	if sig.Recv() != nil {
		offset = 1
	}
	calls := make(map[token.Pos]*ast.CallExpr)
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			calls[call.Lparen] = call
		}
		return true
	})
	var f *storesTemp
	for i := 0; i < sig.Params().Len(); i++ {
		if !ptrs[sig.Params().At(i)] || i+offset >= len(sf.Params) {
			continue
		}
		if o, ok := r.outParam(sf, sf.Params[i+offset], sig, calls); ok {
			o.Param = i
			if f == nil {
				f = new(storesTemp)
			}
			f.Outs = append(f.Outs, o)
		}
	}
	return f
}

// outParam decides whether the function stores a fresh temp object through
// the pointer parameter p and returns without removing it on some path.
func (r *Result) outParam(sf *ssa.Function, p *ssa.Parameter, sig *types.Signature, calls map[token.Pos]*ast.CallExpr) (OutParam, bool) {
	var stores []*ssa.Store
	for _, ref := range *p.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == p {
			stores = append(stores, st)
		}
	}
	out := OutParam{DirParam: -1, OnSuccess: true}
	found := false
	for _, st := range stores {
		c, errV := r.storedCreation(st.Val, calls)
		if c == nil {
			if _, ok := st.Val.(*ssa.Const); !ok {
				// Another value on another path (a cached path, the
				// caller's own): the variable holds a temp object only
				// on some paths, which the caller cannot tell apart.
				return OutParam{}, false
			}
			continue
		}
		if r.removesDeferred(sf, p, st.Val) {
			return OutParam{}, false
		}
		leaves, guarded := r.leavesStored(sf, st, p, errV, sig)
		if !leaves {
			continue
		}
		if !found {
			out.Kind = c.Kind
			if c.Kind == File && isString(st.Val.Type()) {
				out.Kind = Path
			}
			out.DirParam = r.dirParamOf(sig, c)
			out.OtherDir = c.OtherDir || (out.DirParam < 0 && r.OtherDir(c.DirArg))
		}
		found = true
		out.OnSuccess = out.OnSuccess && guarded
	}
	return out, found
}

// storedCreation returns the creation whose object v is (its result, or
// the Name() of the file it returned), and the creation's error result
// (nil if none).
func (r *Result) storedCreation(v ssa.Value, calls map[token.Pos]*ast.CallExpr) (*Creation, ssa.Value) {
	index := 0
	var call *ssa.Call
	switch v := v.(type) {
	case *ssa.Extract:
		call, _ = v.Tuple.(*ssa.Call)
		index = v.Index
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil && isFileMethod(callee, "Name") && len(v.Call.Args) == 1 {
			c, errV := r.storedCreation(v.Call.Args[0], calls)
			if c == nil || c.Kind != File {
				return nil, nil
			}
			return c, errV
		}
		call = v
	}
	if call == nil {
		return nil, nil
	}
	ac := calls[call.Pos()]
	if ac == nil {
		return nil, nil
	}
	c := r.Creation(ac)
	if c == nil || c.Object != index || c.CallersValue {
		return nil, nil
	}
	var errV ssa.Value
	if tup, ok := call.Type().(*types.Tuple); ok && tup.Len() > 1 && isErrorType(tup.At(tup.Len()-1).Type()) {
		errV = extract(call, tup.Len()-1)
	}
	return c, errV
}

// dirParamOf returns the parameter of sig that names the directory of the
// creation c, or -1.
func (r *Result) dirParamOf(sig *types.Signature, c *Creation) int {
	if c.DirArg == nil {
		return -1
	}
	id, ok := ast.Unparen(c.DirArg).(*ast.Ident)
	if !ok {
		return -1
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if r.info.Uses[id] == sig.Params().At(i) {
			return i
		}
	}
	return -1
}

// removesStored reports whether the call removes the stored object: its
// value, or a load through the pointer, given to a remover (os.Remove, a
// function that releases the parameter by removing it).
func (r *Result) removesStored(ci ssa.CallInstruction, p, val ssa.Value) bool {
	for _, a := range ci.Common().Args {
		if storedObject(a, p, val) && r.removesArg(ci, a) {
			return true
		}
	}
	return false
}

// storedObject reports whether a is the object stored through p: the
// value stored, a load through p, or the Name() of the same file.
func storedObject(a, p, val ssa.Value) bool {
	a, val = fileOfName(a), fileOfName(val)
	if ld, ok := a.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == p {
		return true
	}
	return a == val
}

// fileOfName returns X for a call X.Name() of an *os.File, v otherwise.
func fileOfName(v ssa.Value) ssa.Value {
	if call, ok := v.(*ssa.Call); ok && !call.Call.IsInvoke() && len(call.Call.Args) == 1 {
		if callee := call.Call.StaticCallee(); callee != nil && isFileMethod(callee, "Name") {
			return call.Call.Args[0]
		}
	}
	return v
}

// removesDeferred reports whether sf defers the removal of the stored
// object: the function then never hands it to its caller.
func (r *Result) removesDeferred(sf *ssa.Function, p, val ssa.Value) bool {
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok && r.removesStored(d, p, val) {
				return true
			}
		}
	}
	return false
}

// What the paths from a store through the pointer hold: the object
// (stored, the creation's success not known or known), or the result of
// a failed creation ("" or nil, after a branch on its error).
const (
	outHeld uint8 = 1 << iota
	outFailed
)

// leavesStored follows the paths from the store st to the returns of sf:
// leaves says that some return is reached with the object neither removed
// nor overwritten; guarded that every return reached after a failed
// creation gives the function's error result a value that is not nil.
func (r *Result) leavesStored(sf *ssa.Function, st *ssa.Store, p ssa.Value, errV ssa.Value, sig *types.Signature) (leaves, guarded bool) {
	res := sig.Results()
	guarded = res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
	in := make([]uint8, len(sf.Blocks))
	var work []*ssa.BasicBlock
	flow := func(b *ssa.BasicBlock, bits uint8) {
		if bits == 0 || in[b.Index]|bits == in[b.Index] {
			return
		}
		in[b.Index] |= bits
		work = append(work, b)
	}
	walk := func(b *ssa.BasicBlock, from int, bits uint8) {
		for _, instr := range b.Instrs[from:] {
			if r.noReturn(instr) {
				return
			}
			switch instr := instr.(type) {
			case *ssa.Panic:
				return
			case *ssa.Store:
				if instr.Addr == p {
					return // overwritten: that store is judged on its own
				}
			case *ssa.Call:
				if r.removesStored(instr, p, st.Val) {
					return
				}
			case *ssa.Return:
				if bits&outHeld != 0 {
					leaves = true
				}
				if bits&outFailed != 0 && guarded {
					last := instr.Results[len(instr.Results)-1]
					if k, ok := last.(*ssa.Const); ok && k.IsNil() {
						guarded = false
					}
				}
				return
			case *ssa.If:
				if isNil, ok := nilTest(instr.Cond, errV); ok {
					ok, failed := b.Succs[0], b.Succs[1]
					if !isNil {
						ok, failed = failed, ok
					}
					flow(ok, bits&outHeld)
					flow(failed, outFailed)
					return
				}
			}
		}
		for _, s := range b.Succs {
			flow(s, bits)
		}
	}
	start := st.Block()
	for i, instr := range start.Instrs {
		if instr == ssa.Instruction(st) {
			walk(start, i+1, outHeld)
			break
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		walk(b, 0, in[b.Index])
	}
	return leaves, guarded
}

// storesInto reports whether argument i of the call is &v of a tracked
// variable v that the callee stores a temp object into (its storesTemp
// fact): the call makes the object v holds, it does not take it.
func (t *Tracker) storesInto(call *ast.CallExpr, i int) bool {
	u, ok := ast.Unparen(call.Args[i]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND || !t.direct(u.X) {
		return false
	}
	fn, ok := typeutil.Callee(t.info, call).(*types.Func)
	if !ok {
		return false
	}
	f := t.res.storesOf(fn.Origin())
	if f == nil {
		return false
	}
	for _, o := range f.Outs {
		if o.Param == i {
			return true
		}
	}
	return false
}

// intoOutParam reports whether lhs is *p of a pointer parameter p of the
// tracked function through which it stores a temp object for its caller
// (its storesTemp fact): the caller owns what p points to.
func (t *Tracker) intoOutParam(lhs ast.Expr) bool {
	st, ok := lhs.(*ast.StarExpr)
	if !ok || t.decl == nil {
		return false
	}
	id, ok := ast.Unparen(st.X).(*ast.Ident)
	if !ok {
		return false
	}
	sig := t.decl.Type().(*types.Signature)
	f := t.res.storesOf(t.decl)
	if f == nil {
		return false
	}
	for _, o := range f.Outs {
		if o.Param < sig.Params().Len() && t.info.Uses[id] == sig.Params().At(o.Param) {
			return true
		}
	}
	return false
}
