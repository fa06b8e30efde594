package tempcleanup

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/errpred"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// droppedListeners reports a unix listener bound at the object's name
// that a return drops unclosed. The listener unlinks its socket file on
// Close; once it is bound the socket file is at the name, whatever
// removed the temp object before (go-plugin removes its temp file to make
// room for the socket), so the listener owes the name a removal of its
// own: closing it, or handing it to the caller or a field. Only returns
// are searched: an exit that ends the process or fails a test is a path
// the rest of the analyzer judges by its own rules. Returns the object's
// own leaks name (done) are not reported twice.
func (c *checker) droppedListeners(fn ast.Node, g *cfg.CFG, cr *tempfacts.Creation, t *tempfacts.Tracker, name string, done []pathflow.Leak) {
	for _, l := range t.UnlinkingListeners() {
		leaks := pathflow.Leaks(&pathflow.Query{
			Info: c.pass.TypesInfo, CFG: g, Creation: l.Stmt, Err: l.Err, Obj: l.Var,
			ErrPredicate: c.pass.ResultOf[errpred.Analyzer].(*errpred.Result).Arg,
			Release:      t.Release, Registers: c.res.Registers, Exit: c.res.Exits().Kind, ExitOnError: c.res.ExitOnError,
			Deferred: c.deferredBefore(fn, l.Stmt, t), Table: c.res.Table, Results: c.results(fn),
		})
	search:
		for _, lk := range leaks {
			if lk.Kind != pathflow.Return {
				continue
			}
			for _, d := range done {
				if d.Node == lk.Node {
					continue search
				}
			}
			c.r.Report(analysis.Diagnostic{
				Pos: l.Call.Pos(), End: l.Call.End(),
				Message: fmt.Sprintf("unix listener %s bound at the name of %s is not closed on the return that drops it, so its socket file stays on disk: call %s.Close() before returning there (it unlinks the socket file)",
					l.Var.Name(), what(cr, name), l.Var.Name()),
				Related: unclosedAt(lk),
			})
			break
		}
	}
}
