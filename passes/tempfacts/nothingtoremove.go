package tempfacts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Branches on which a releaser has nothing to remove: the field is empty,
// a gate field is unset, or a state only releasing code sets says the
// object is gone already (releasepaths.go).

// zeroBranch returns the successor of an If on cond (0 or 1) on which
// there is nothing to remove, or -1: the field f itself compared with its
// zero value (the zero side), another field compared with its zero value
// or read as a boolean (the zero side: a gate), or the non-zero side of a
// field that only code releasing f sets to a non-zero value.
func (r *Result) zeroBranch(cond ssa.Value, f *types.Var) int {
	field, zeroSide := fieldZeroTest(cond)
	if field == nil {
		return -1
	}
	if field == f {
		return zeroSide
	}
	if r.setOnlyByReleasers(field, f) {
		return 1 - zeroSide
	}
	return zeroSide
}

// fieldZeroTest returns the field whose loaded value cond tests against
// its zero value (s.g == nil, s.g != "", s.b), and the successor on which
// it is zero.
func fieldZeroTest(cond ssa.Value) (*types.Var, int) {
	if load, ok := cond.(*ssa.UnOp); ok && load.Op == token.MUL {
		if fa, ok := load.X.(*ssa.FieldAddr); ok {
			return addrField(fa), 1 // if s.b: false is zero
		}
		return nil, -1
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, -1
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		k, ok := pair[1].(*ssa.Const)
		if !ok || !zeroConst(k) {
			continue
		}
		load, ok := pair[0].(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		fa, ok := load.X.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if bin.Op == token.EQL {
			return addrField(fa), 0
		}
		return addrField(fa), 1
	}
	return nil, -1
}

// zeroConst reports whether k is its type's zero value.
func zeroConst(k *ssa.Const) bool {
	if k.Value == nil {
		return true
	}
	switch k.Value.Kind() {
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Bool:
		return !constant.BoolVal(k.Value)
	case constant.Int, constant.Float:
		return constant.Sign(k.Value) == 0
	}
	return false
}

// setOnlyByReleasers reports whether every function of the package that
// stores a value into field g other than its zero value also releases
// what f holds on some path: g then says that the object is gone (a
// closed flag). A remembered error that Write sets is no such state.
func (r *Result) setOnlyByReleasers(g, f *types.Var) bool {
	releasers := r.releaseMemo[f]
	setters := r.settersOf(g)
	for _, fn := range setters {
		if _, ok := releasers[fn]; !ok && !r.removesDirectly(fn, f) {
			return false
		}
	}
	return len(setters) > 0
}

// settersOf returns the functions of the package that assign field g a
// value other than the constant zero of its type, or nil.
func (r *Result) settersOf(g *types.Var) []*types.Func {
	if r.setBy == nil {
		r.setBy = make(map[*types.Var][]*types.Func)
		for fn, d := range r.decls {
			set := make(map[*types.Var]bool)
			ast.Inspect(d.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != len(as.Rhs) {
					return true
				}
				for i, l := range as.Lhs {
					if h, _ := r.FieldSelected(l); h != nil && !set[h] && !r.zeroExpr(as.Rhs[i]) {
						set[h] = true
						r.setBy[h] = append(r.setBy[h], fn)
					}
				}
				return true
			})
		}
	}
	return r.setBy[g]
}

// removesDirectly reports whether fn's own body removes what f holds on
// some path (used while the releasers of f are still being judged).
func (r *Result) removesDirectly(fn *types.Func, f *types.Var) bool {
	if !slices.Contains(r.ownerFields()[f], fn) {
		return false
	}
	sf := r.releaseSSA(fn, nil)
	if sf == nil {
		return false
	}
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if d, _ := r.releaseInstr(instr, f, nil); d {
				return true
			}
		}
	}
	return false
}

// zeroExpr reports whether e is the constant zero value of its type, or
// nil.
func (r *Result) zeroExpr(e ast.Expr) bool {
	tv, ok := r.info.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	return tv.Value != nil && zeroConst(&ssa.Const{Value: tv.Value})
}
