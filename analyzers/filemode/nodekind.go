package filemode

import (
	"go/ast"
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
		if !ok || fc.Path == nil || !samePath(info, fc.Path, call.Path) {
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
	ta, okA := info.Types[a]
	tb, okB := info.Types[b]
	return okA && okB && ta.Value != nil && tb.Value != nil && ta.Value.ExactString() == tb.Value.ExactString()
}
