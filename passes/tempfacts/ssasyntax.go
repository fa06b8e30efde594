package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Between the SSA form and the syntax: the syntax preselects a call and
// names the identifiers it is given; the SSA form says which values they
// hold. The two meet by position (a call's parenthesis, an operator), so
// that no value is followed on the syntax.

// callAt returns the SSA call of sf made by the call expression call, or
// nil.
func callAt(sf *ssa.Function, call *ast.CallExpr) *ssa.Call {
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Call.Pos() == call.Lparen {
				return c
			}
		}
	}
	return nil
}

// callExprAt returns the call expression in body whose SSA call is v, or
// nil.
func callExprAt(body ast.Node, v ssa.Value) *ast.CallExpr {
	if _, ok := v.(*ssa.Call); !ok {
		return nil
	}
	call, _ := exprAt(body, v).(*ast.CallExpr)
	return call
}

// exprAt returns the expression in body that computes v, found by its
// position: a call (at its parenthesis) or a binary operation (at its
// operator), or nil.
func exprAt(body ast.Node, v ssa.Value) ast.Expr {
	var pos token.Pos
	switch v.(type) {
	case *ssa.Call, *ssa.BinOp:
		pos = v.Pos()
	}
	if !pos.IsValid() {
		return nil
	}
	var found ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() > pos || n.End() <= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if _, ok := v.(*ssa.Call); ok && n.Lparen == pos {
				found = n
			}
		case *ast.BinaryExpr:
			if _, ok := v.(*ssa.BinOp); ok && n.OpPos == pos {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// cellValue returns the value v reads through a local cell stored once
// (a variable a closure captures), or v.
func cellValue(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	cell, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	var val ssa.Value
	for _, ref := range *cell.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == cell {
			if val != nil {
				return v
			}
			val = st.Val
		}
	}
	if val == nil {
		return v
	}
	return val
}

// joinElems returns the elements that the call v of filepath.Join or
// path.Join joins, or nil (not such a call, or a slice passed whole).
func joinElems(v ssa.Value) []ssa.Value {
	c, ok := v.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return nil
	}
	fn := calleeFunc(c)
	if fn == nil || fn.Pkg() == nil || fn.Name() != "Join" || (fn.Pkg().Path() != "path/filepath" && fn.Pkg().Path() != "path") {
		return nil
	}
	sl, ok := c.Call.Args[0].(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	ptr, ok := arr.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	at, ok := ptr.Elem().Underlying().(*types.Array)
	if !ok {
		return nil
	}
	elems := make([]ssa.Value, at.Len())
	for _, ref := range *arr.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil
		}
		i := k.Int64()
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia && i >= 0 && i < int64(len(elems)) {
				elems[i] = st.Val
			}
		}
	}
	for _, e := range elems {
		if e == nil {
			return nil
		}
	}
	return elems
}
