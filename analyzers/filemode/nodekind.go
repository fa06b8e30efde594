package filemode

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/fscall"
)

// Write permission means something else on a unix socket (connect(2) to
// it) and on a FIFO (open it for writing and feed the reader): a chmod of
// one is worded for what it opens, and its hint names the trade-off, since
// other users may be meant to connect.

// nodeKind returns "socket" or "FIFO" when the enclosing function binds a
// unix socket or makes a FIFO at the same path as the chmod, or "".
func (c *checker) nodeKind(call *fscall.Call) string {
	if call.Path == nil || c.file == nil {
		return ""
	}
	path, _ := astutil.PathEnclosingInterval(c.file, call.Call.Pos(), call.Call.End())
	var body ast.Node
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.FuncLit:
			body = n.Body
		}
		if body != nil {
			break
		}
	}
	if body == nil {
		return ""
	}
	info := c.pass.TypesInfo
	kind := ""
	ast.Inspect(body, func(n ast.Node) bool {
		other, ok := n.(*ast.CallExpr)
		if !ok || kind != "" || other == call.Call {
			return kind == ""
		}
		fc, ok := fscall.Match(info, other)
		if !ok || fc.Path == nil {
			return true
		}
		if p := fc.Path; !samePath(info, p, call.Path) && (fc.Kind != fscall.Bind || !samePath(info, c.unixAddrName(p), call.Path)) {
			return true
		}
		switch fc.Kind {
		case fscall.Bind:
			kind = "socket"
		case fscall.Node:
			kind = "FIFO"
		}
		return true
	})
	return kind
}

// samePath reports whether two path expressions name the same path: the
// same variable, or the same constant.
func samePath(info *types.Info, a, b ast.Expr) bool {
	a, b = ast.Unparen(a), ast.Unparen(b)
	if ia, ok := a.(*ast.Ident); ok {
		if ib, ok := b.(*ast.Ident); ok {
			oa, ob := info.ObjectOf(ia), info.ObjectOf(ib)
			return oa != nil && oa == ob
		}
	}
	if sa, ok := a.(*ast.SelectorExpr); ok {
		// s.path and s.path: the same field of the same variable.
		if sb, ok := b.(*ast.SelectorExpr); ok {
			fa, fb := info.Selections[sa], info.Selections[sb]
			return fa != nil && fb != nil && fa.Kind() == types.FieldVal && fa.Obj() == fb.Obj() && samePath(info, sa.X, sb.X)
		}
	}
	ta, okA := info.Types[a]
	tb, okB := info.Types[b]
	return okA && okB && ta.Value != nil && tb.Value != nil && ta.Value.ExactString() == tb.Value.ExactString()
}

// unixAddrName returns the Name of the *net.UnixAddr that a bind's address
// argument points to — "&addr" or "addr" with addr := net.UnixAddr{Name:
// path, ...}, or the literal itself — or nil.
func (c *checker) unixAddrName(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
			if vals := c.storedValues()[v]; len(vals) == 1 {
				e = ast.Unparen(vals[0])
			}
		}
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if n, ok := types.Unalias(c.pass.TypesInfo.TypeOf(lit)).(*types.Named); !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "net" || n.Obj().Name() != "UnixAddr" {
		return nil
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
				return kv.Value
			}
		}
	}
	return nil
}
