package tempfacts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Setters: fields set across methods.
//
// A function that stores its parameter itself into a field of another of
// its parameters, or of its receiver ("func (s *S) setDir(d string) {
// s.dir = d }", "func fill(c *Config, d string) { c.Dir = d }"), moves
// what its caller passes into the value the caller passes beside it: a
// call of it is a store into that value's field, as "s.dir = d" is, and
// the field's owner type decides what becomes of the object. The fact
// setsField says so, read from the function's SSA form by the parameter's
// flow (paramflow.go: the store's address is a field of another parameter
// of the function, directly or through another setter), for a parameter
// that the function keeps nowhere else (it neither removes, returns,
// stores elsewhere nor hands it to unknown code) and an owner parameter
// that it only uses: otherwise the call is the hand-off it was. Only a
// function whose body assigns a field of one of its parameters, or calls
// a setter, is asked (setsParamField, the syntactic pre-pass).

// setsField is the fact of a function that stores some of its path or
// file parameters into fields of its other parameters.
type setsField struct {
	Sets []FieldSet
}

// A FieldSet is one parameter stored into one field.
type FieldSet struct {
	Param int    // the parameter stored
	Into  int    // the parameter whose field holds it, -1: the receiver
	Field string // the field's name, in the struct Into points to
}

func (*setsField) AFact() {}

func (f *setsField) String() string {
	var sets []string
	for _, s := range f.Sets {
		into := "receiver"
		if s.Into >= 0 {
			into = fmt.Sprintf("param %d", s.Into)
		}
		sets = append(sets, fmt.Sprintf("param %d into %s.%s", s.Param, into, s.Field))
	}
	return "setsField(" + strings.Join(sets, "; ") + ")"
}

// fieldSetsOf returns the setsField fact of fn: from its body for a
// function of the package, from its fact for another's.
func (r *Result) fieldSetsOf(fn *types.Func) *setsField {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() != r.pkg {
		return r.setsMemo[fn]
	}
	return memoized(r, r.setsMemo, fn, r.computeFieldSets)
}

// computeFieldSets decides the setsField fact of a function of the
// package.
func (r *Result) computeFieldSets(fn *types.Func, d *ast.FuncDecl) *setsField {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || !r.setsParamField(d) {
		return nil
	}
	var f *setsField
	for i := 0; i < sig.Params().Len(); i++ {
		if t := sig.Params().At(i).Type(); !isString(t) && !pkgtypes.IsOSFile(t) {
			continue
		}
		m, ok := r.paramReasons(fn, i)
		pf := r.flows[[2]any{fn, i}]
		if !ok || m&(1<<Stored) == 0 || pf == nil || len(pf.intoParams) == 0 {
			continue
		}
		if pf.elsewhere&(1<<Removed|1<<Registered|1<<Renamed|1<<Returned|1<<Stored|1<<Escaped) != 0 {
			continue // kept or released otherwise too: a hand-off
		}
		for _, s := range pf.intoParams {
			if r.ParamUse(fn, s.Into) != Borrow {
				continue // the owner itself may be kept
			}
			if f == nil {
				f = new(setsField)
			}
			f.Sets = append(f.Sets, s)
		}
	}
	return f
}

// setsParamField is the syntactic pre-pass: the body of d assigns a field
// selected on one of its parameters (its receiver included), or calls a
// function with the setsField fact.
func (r *Result) setsParamField(d *ast.FuncDecl) bool {
	params := make(map[types.Object]bool)
	for _, fl := range []*ast.FieldList{d.Recv, d.Type.Params} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				if v := r.info.Defs[id]; v != nil {
					params[v] = true
				}
			}
		}
	}
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && params[r.info.Uses[id]] {
					if s, ok := r.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
						found = true
					}
				}
			}
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(r.info, n).(*types.Func); ok && fn.Origin() != r.funcOf(d) && r.fieldSetsOf(fn) != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// funcOf returns the function d declares.
func (r *Result) funcOf(d *ast.FuncDecl) *types.Func {
	fn, _ := r.info.Defs[d.Name].(*types.Func)
	return fn
}

// intoParam records, in the flow of a parameter, a store of the
// parameter itself into field f of the function's parameter p (its
// receiver included).
func (pf *paramFlow) intoParam(p *ssa.Parameter, f *types.Var) {
	k := -1
	for i, q := range pf.root.Params {
		if q == p {
			k = i
		}
	}
	if k < 0 || f == nil {
		return
	}
	if pf.root.Signature.Recv() != nil {
		k-- // the receiver is -1
	}
	i := -1
	for j, q := range pf.root.Params {
		if q == pf.param {
			i = j
		}
	}
	if pf.root.Signature.Recv() != nil {
		i--
	}
	pf.intoParams = append(pf.intoParams, FieldSet{Param: i, Into: k, Field: f.Name()})
	pf.reasons |= 1 << Stored
}

// ownerParam returns the parameter of the flow's function that v is,
// other than the followed one, or nil.
func (pf *paramFlow) ownerParam(fn *ssa.Function, v ssa.Value) *ssa.Parameter {
	p, ok := v.(*ssa.Parameter)
	if !ok || fn != pf.root || p == pf.param {
		return nil
	}
	return p
}

// setterArg judges the value passed as parameter i of obj, a setter: when
// obj stores it into a field of the value passed at another of its
// parameters, and that value is a parameter of the followed function,
// the followed function sets that field too. It reports whether it did.
func (pf *paramFlow) setterArg(fn *ssa.Function, c carried, ci ssa.CallInstruction, obj *types.Func, i int) bool {
	if _, ok := ci.(*ssa.Call); !ok || !c.isValue() || c.h != holdsItself {
		return false
	}
	sets := pf.r.fieldSetsOf(obj)
	if sets == nil {
		return false
	}
	common := ci.Common()
	off := 0
	if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil {
		off = 1 // a method called directly: its receiver is the first argument
	}
	found := false
	for _, s := range sets.Sets {
		if s.Param != i || s.Into+off < 0 || s.Into+off >= len(common.Args) {
			continue
		}
		if p := pf.ownerParam(fn, common.Args[s.Into+off]); p != nil {
			pf.intoParam(p, setField(obj, s))
			found = true
		}
	}
	if found && pf.r.ParamUse(obj, i) == Release {
		pf.release(ci, c)
	}
	return found
}

// setField returns the field that the set s of fn names, or nil.
func setField(fn *types.Func, s FieldSet) *types.Var {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	var t types.Type
	switch {
	case s.Into < 0 && sig.Recv() != nil:
		t = sig.Recv().Type()
	case s.Into >= 0 && s.Into < sig.Params().Len():
		t = sig.Params().At(s.Into).Type()
	default:
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == s.Field && (f.Exported() || f.Pkg() == fn.Pkg()) {
			return f.Origin()
		}
	}
	return nil
}

// A setterStore is a store that a call makes through a setter: its
// argument Arg into field Field of the value Owner (an argument, &v
// included, or the receiver of the method called), whose parameter is
// argument Into (-1: the receiver).
type setterStore struct {
	Arg, Into int
	Owner     ast.Expr
	Field     *types.Var
}

// setterStores returns the stores that call makes through a setter.
func (r *Result) setterStores(call *ast.CallExpr) []setterStore {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	sets := r.fieldSetsOf(fn)
	if sets == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	var out []setterStore
	for _, s := range sets.Sets {
		if s.Param >= len(call.Args) || sig.Variadic() && s.Param >= sig.Params().Len()-1 {
			continue
		}
		var owner ast.Expr
		switch {
		case s.Into < 0:
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if sl, ok := r.info.Selections[sel]; !ok || sl.Kind() != types.MethodVal {
				continue
			}
			owner = sel.X
		case s.Into < len(call.Args):
			owner = call.Args[s.Into]
		default:
			continue
		}
		if f := setField(fn, s); f != nil {
			out = append(out, setterStore{Arg: s.Param, Into: s.Into, Owner: owner, Field: f})
		}
	}
	return out
}

// ownerVar returns the variable v of an owner expression v or &v, or nil.
func (t *Tracker) ownerVar(e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := t.info.Uses[id].(*types.Var)
	return v
}

// intoHolders returns the arguments of call that, through a setter, put
// the tracked object itself into a field of a local owner, and those that
// pass the owner to the setter: neither hands anything off.
func (t *Tracker) intoHolders(call *ast.CallExpr) map[int]bool {
	if len(t.holders) == 0 {
		return nil
	}
	var out map[int]bool
	for _, s := range t.res.setterStores(call) {
		if !t.holders[t.ownerVar(s.Owner)] || !t.direct(call.Args[s.Arg]) {
			continue
		}
		if out == nil {
			out = make(map[int]bool)
		}
		out[s.Arg] = true
		if s.Into >= 0 {
			out[s.Into] = true
		}
	}
	return out
}

// setterStoresInto reports whether call, a call of a setter in the SSA
// form, stores v into field f of a value stored in place (storedInPlace).
func (r *Result) setterStoresInto(call *ssa.Call, v ssa.Value, f *types.Var) bool {
	obj := calleeFunc(call)
	if obj == nil || call.Call.IsInvoke() {
		return false
	}
	sets := r.fieldSetsOf(obj)
	if sets == nil {
		return false
	}
	off := 0
	if callee := call.Call.StaticCallee(); callee != nil && callee.Signature.Recv() != nil {
		off = 1
	}
	args := call.Call.Args
	for _, s := range sets.Sets {
		if s.Param+off >= len(args) || s.Into+off < 0 || s.Into+off >= len(args) || args[s.Param+off] != v {
			continue
		}
		if setField(obj, s) == f && storedInPlace(args[s.Into+off]) {
			return true
		}
	}
	return false
}

// importSetOwners imports the ownsTemp facts of the types whose fields
// fn, a setter of another package, sets: a value of such a type that a
// call of fn fills owes a call of one of its releasing methods.
func (r *Result) importSetOwners(pass *analysis.Pass, fn *types.Func, f *setsField) {
	for _, s := range f.Sets {
		field := setField(fn, s)
		if field == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		var t types.Type
		if s.Into < 0 {
			t = sig.Recv().Type()
		} else {
			t = sig.Params().At(s.Into).Type()
		}
		r.importOwnerType(pass, t)
	}
}
