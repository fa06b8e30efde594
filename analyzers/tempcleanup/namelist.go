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
// function literals, calls append and creates a temp object, or calls a
// function that returns a list of temp names: the cheap test before the
// list is followed.
func (c *checker) appendsAndCreates(body *ast.BlockStmt) bool {
	appends, creates, lists := false, false, false
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
		if c.res.ListResult(call) >= 0 {
			lists = true // a list of temp names a function returns
		} else if !creates {
			if _, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok && c.res.Creation(call) != nil {
				creates = true
			}
		}
		return !lists && !(appends && creates)
	})
	return lists || (appends && creates)
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
			msg := "returns here without removing it"
			if l.Again {
				msg = "called again here, losing the previous list"
			}
			rel = append(rel, analysis.RelatedInformation{Pos: pos, Message: msg})
		}
		if l.FromCall {
			// A list a function returned (tempfacts' returnsTempList).
			objs := "temp files"
			if l.Creation.Kind == tempfacts.Dir {
				objs = "temp directories"
			}
			d := analysis.Diagnostic{Pos: l.Creation.Call.Pos(), End: l.Creation.Call.End(), Related: rel,
				Message: fmt.Sprintf("the %s whose names %s returns in %s are not removed on the path named, so they stay on disk: remove each of them before returning there",
					objs, c.calleeName(l.Creation), list)}
			switch {
			case l.Discarded:
				d.Message = fmt.Sprintf("the %s whose names %s returns are discarded at the call and never removed here, so they stay on disk unless what uses them removes them: keep the list and remove each of them when done",
					objs, c.calleeName(l.Creation))
				d.Related = nil
				c.r.ReportStrict(d) // the names may live on in another result, in a command that uses the files
				continue
			case l.Again:
				d.Message = fmt.Sprintf("the %s whose names %s returns in %s are not removed before it is called again in the loop, so they stay on disk: remove each of them on every path to the next call",
					objs, c.calleeName(l.Creation), list)
			case l.Escaped:
				d.Message = fmt.Sprintf("the %s whose names %s returns in %s are passed to code that is not known to remove them, and are not removed here on every path: remove each of them here, or give the callee a removal on every path",
					objs, c.calleeName(l.Creation), list)
				c.r.ReportStrict(d)
				continue
			}
			c.r.Report(d)
			continue
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
