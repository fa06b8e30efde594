package tempcleanup

import (
	"go/ast"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/errpred"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A use that keeps the object in use (tempfacts.Kept: a path inside it
// given to a function that keeps it) is "still in use when the function
// returns" only if the function can return without removing it after that
// use. containers/storage's supportsOverlay registers
//
//	defer func() {
//		_ = unix.Unmount(mergedDir, unix.MNT_DETACH)
//		_ = os.RemoveAll(layerDir)
//	}()
//
// before it makes the subdirectories: every return after that point removes
// the directory, and only the two returns before the defer leak it. A use
// that every path reaches only after such a deferred removal (one that
// runs at every return, not only on failure) is not a reason the object
// outlives the function.

// afterDeferredRemoval returns the kept nodes less those of reason Kept
// that no path from the creation reaches before an unguarded deferred
// removal of the object is registered.
func (c *checker) afterDeferredRemoval(fn ast.Node, a *tempfacts.Assign, t *tempfacts.Tracker, kept []ast.Node) []ast.Node {
	g := c.res.CFG(fn)
	if g == nil {
		return kept
	}
	var out []ast.Node
	for _, n := range kept {
		if r, _ := t.Classify(n, nil); r != tempfacts.Kept {
			out = append(out, n)
			continue
		}
		q := &pathflow.Query{
			Info: c.pass.TypesInfo, CFG: g, Creation: a.Stmt, Err: c.res.Var(a.Err),
			ErrPredicate: c.pass.ResultOf[errpred.Analyzer].(*errpred.Result).Arg,
			Release:      t.Release, Registers: c.res.Registers, Table: c.res.Table,
			DeferredReleases: true,
		}
		reached := pathflow.Reaches(q, func(m ast.Node) bool { return m.Pos() <= n.Pos() && n.End() <= m.End() })
		if len(reached) > 0 {
			out = append(out, n)
		}
	}
	return out
}
