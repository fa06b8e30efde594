package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A deferred function literal that removes the object through a named
// result reads that result when it runs, after the return has assigned
// it. A return that puts a constant there ("return "", err" in docker's
// writeTempDockerfile, whose deferred removal of dockerfileDir runs on
// failure) leaves the removal nothing to remove (pathflow.Leak.Overwrites).

// reportOverwrittenLeak reports the return l, which overwrites the named
// result that the deferred removal of the object reads, and names every
// return of leaks that does the same.
func (c *checker) reportOverwrittenLeak(fn ast.Node, cr *tempfacts.Creation, name string, l pathflow.Leak, leaks []pathflow.Leak, strictOnly bool) {
	result := l.Overwrites.Name()
	var related []analysis.RelatedInformation
	for _, o := range leaks {
		if o.Overwrites != l.Overwrites {
			continue
		}
		related = append(related, analysis.RelatedInformation{Pos: o.Node.Pos(), End: o.Node.End(),
			Message: fmt.Sprintf("returns here with %s set to %s", result, c.resultValue(fn, o))})
	}
	where, fix := "this return sets", "remove it before returning here"
	if len(related) > 1 {
		where, fix = fmt.Sprintf("%d returns set", len(related)), "remove it before each of these returns"
	}
	c.report(analysis.Diagnostic{
		Pos: cr.Call.Pos(), End: cr.Call.End(),
		Message: fmt.Sprintf("%s from %s is removed by a deferred call that reads the named result %s when it runs, and %s %s to %s before that, so the deferred call removes nothing and it stays on disk: %s, or have the deferred call remove a copy of the name taken at the creation",
			what(cr, name), c.calleeName(cr), result, where, result, c.resultValue(fn, l), fix),
		Related: related,
	}, strictOnly)
}

// resultValue is the expression that the return of l gives the named
// result l.Overwrites.
func (c *checker) resultValue(fn ast.Node, l pathflow.Leak) string {
	ret := l.Node.(*ast.ReturnStmt)
	if res := c.results(fn); res != nil && res.Len() == len(ret.Results) {
		for i := range res.Len() {
			if res.At(i) == l.Overwrites {
				return types.ExprString(ret.Results[i])
			}
		}
	}
	return "a constant"
}
