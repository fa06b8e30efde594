package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A temp name appended to a local list (tempFiles = append(tempFiles,
// WriteTemporaryFile(items))) is the list's to remove: tempfacts follows
// the list on the SSA form (ListLeaks) to the returns that drop it. The
// hint names only what was appended: the list may hold other paths too,
// which are not the function's to remove.

// appendsAndCreates reports whether the body of fn, outside nested
// function literals, calls append and creates a temp object: the cheap
// test before the list is followed.
func (c *checker) appendsAndCreates(body *ast.BlockStmt) bool {
	appends, creates := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
				appends = true
			}
		}
		if !creates {
			if _, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok && c.res.Creation(call) != nil {
				creates = true
			}
		}
		return !(appends && creates)
	})
	return appends && creates
}

// listLeaks reports the temp objects appended to a local list that some
// path of fn drops.
func (c *checker) listLeaks(fn ast.Node, body *ast.BlockStmt) {
	if !c.appendsAndCreates(body) {
		return
	}
	for _, l := range c.res.ListLeaks(fn) {
		list := "a local list"
		if l.List != nil {
			list = l.List.Name
		}
		hint := "the temp files appended to " + list
		if l.Creation.Kind == tempfacts.Dir {
			hint = "the temp directories appended to " + list
		}
		var rel []analysis.RelatedInformation
		for _, pos := range l.Exits {
			rel = append(rel, analysis.RelatedInformation{Pos: pos, Message: "returns here without removing it"})
		}
		d := analysis.Diagnostic{Pos: l.Creation.Call.Pos(), End: l.Creation.Call.End(), Related: rel,
			Message: fmt.Sprintf("%s from %s is appended to %s, which the return named drops without removing it, so it stays on disk: remove %s before returning there",
				what(l.Creation, ""), c.calleeName(l.Creation), list, hint)}
		if l.Escaped {
			d.Message = fmt.Sprintf("%s from %s is appended to %s, which is passed to code that is not known to remove it, and is not removed here on every path: remove %s here, or give the callee a removal on every path",
				what(l.Creation, ""), c.calleeName(l.Creation), list, hint)
			c.r.ReportStrict(d)
			continue
		}
		if c.inCallersDir(l.Creation) {
			c.r.ReportStrict(d) // the directory's owner cleans up, as for a named object
			continue
		}
		c.r.Report(d)
	}
}
