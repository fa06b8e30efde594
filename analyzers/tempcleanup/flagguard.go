package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A deferred removal guarded by a flag that the function sets only to
// constants ("keepBackup := true; defer func() { if !keepBackup {
// os.Remove(name) } }()") runs at a return only where the path has set the
// flag to let it (pathflow.Leak.Flag). A return reached with the flag
// still saying keep, and the object neither handed off nor renamed over,
// leaves it on disk: rclone's config Save returns on a failed rename of
// the old config with its empty backup placeholder still marked kept
// (audit31 S2). A flag the user sets (a parameter, an option) is never
// known on a path, and its removal stays a deliberate keep.

// reportFlagLeak reports the return l, which leaves the flag of the
// deferred removal of the object saying keep.
func (c *checker) reportFlagLeak(cr *tempfacts.Creation, name string, l pathflow.Leak, strictOnly bool) {
	flag, want := flagAssignment(l.Flag)
	c.report(analysis.Diagnostic{
		Pos: cr.Call.Pos(), End: cr.Call.End(),
		Message: fmt.Sprintf("%s from %s is removed by a deferred call only when %s, and %s is still %t at this return, so it stays on disk: set %s = %t before returning here, or remove it here",
			what(cr, name), c.calleeName(cr), types.ExprString(l.Flag), flag, !want, flag, want),
		Related: []analysis.RelatedInformation{{Pos: l.Node.Pos(), End: l.Node.End(), Message: fmt.Sprintf("returns here with %s %t", flag, !want)}},
	}, strictOnly)
}

// flagAssignment returns the flag variable's name in cond ("keep" in
// "!keep") and the value it must hold for cond to be true.
func flagAssignment(cond ast.Expr) (string, bool) {
	want := true
	e := ast.Unparen(cond)
	for {
		u, ok := e.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		e, want = ast.Unparen(u.X), !want
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name, want
	}
	return "the flag", want
}
