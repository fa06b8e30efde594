package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// reportSkippedDefers reports the exits that end the process (os.Exit,
// log.Fatal) after a deferred removal of the object is registered, so that
// the removal never runs. All the exits that skip one deferred removal are
// one mistake with one fix (remove before exiting, or exit from a function
// that returns), so they are one finding: at the first exit in the source,
// the others as related information. An example function that checks five
// errors with log.Fatal after "defer os.RemoveAll(dir)" gets one finding,
// not five.
func (c *checker) reportSkippedDefers(cr *tempfacts.Creation, name string, skipped []pathflow.Leak) {
	skipped, strictOnly := c.withoutFailures(skipped) // testfailure.go
	byDefer := make(map[ast.Node][]pathflow.Leak)
	var defers []ast.Node
	for _, l := range skipped {
		if _, ok := byDefer[l.Deferred]; !ok {
			defers = append(defers, l.Deferred)
		}
		byDefer[l.Deferred] = append(byDefer[l.Deferred], l)
	}
	line := c.pass.Fset.Position(cr.Call.Pos()).Line
	for _, d := range defers {
		exits := byDefer[d]
		slices.SortFunc(exits, func(a, b pathflow.Leak) int { return int(a.Node.Pos() - b.Node.Pos()) })
		exits = slices.CompactFunc(exits, func(a, b pathflow.Leak) bool { return a.Node == b.Node })
		first := exits[0].Node.(*ast.CallExpr)
		where := ""
		fix := "remove it explicitly before exiting"
		if n := len(exits) - 1; n > 0 {
			where = fmt.Sprintf(" here and at %d more exits", n)
			if n == 1 {
				where = " here and at one more exit"
			}
			fix = "remove it explicitly before each of these exits, or exit from a function that returns"
		}
		ends := "ends the process"
		if exits[0].OnError {
			// A CheckIfError helper: it exits only on an error, so
			// removing before the call would remove on success too.
			ends = "ends the process when the error it is given is not nil,"
			if len(exits) == 1 {
				fix = "test the error here and remove it before exiting, or return the error to a caller that exits"
			}
		}
		if len(exits) > 1 && exitsOnError(exits) {
			fix = "remove it explicitly before each of these exits (where a helper exits on a non-nil error, test the error and remove it only then), or exit from a function that returns"
		}
		related := []analysis.RelatedInformation{
			{Pos: d.Pos(), End: d.End(), Message: "the removal that is skipped"},
			{Pos: cr.Call.Pos(), End: cr.Call.End(), Message: "the temp object"},
		}
		for _, l := range exits[1:] {
			related = append(related, analysis.RelatedInformation{Pos: l.Node.Pos(), End: l.Node.End(),
				Message: c.exitName(l.Node.(*ast.CallExpr)) + " skips it here too"})
		}
		c.report(analysis.Diagnostic{
			Pos: first.Pos(), End: first.End(),
			Message: fmt.Sprintf("%s %s without running deferred calls%s, so the deferred removal of %s (line %d) never runs and it stays on disk: %s",
				c.exitName(first), ends, where, what(cr, name), line, fix),
			Related: related,
		}, strictOnly)
	}
}

// exitName names the function that call calls, qualified by its package
// when that is not the analyzed one ("log.Fatal", "fatalf").
func (c *checker) exitName(call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return "this call"
	}
	if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}
