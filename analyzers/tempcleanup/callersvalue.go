package tempcleanup

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// reportCallersValueLeak reports a leak of what a creator returns when the
// creator returns, on another path, a value of its caller's own instead
// (a parameter, or a field of its receiver that a test sets to override
// the creation). What the caller got is a temp object only when the
// creator made one: the message says so, and the hint removes it only
// when it is not the caller's value. No edit is offered: the comparison
// it needs names the caller's value, which only the author knows.
func (c *checker) reportCallersValueLeak(fn ast.Node, cr *tempfacts.Creation, name string, l pathflow.Leak,
	leaks []pathflow.Leak, t *tempfacts.Tracker, never bool) {
	if l.Kind == pathflow.Reentry {
		return // a loop's next creation: the story is no simpler here
	}
	// When the caller's value is an argument, whether the callee makes a
	// temp object at all depends on what this call passes (a key file's
	// path, or the key itself), as a leak on an error path depends on the
	// error: where it creates one, the leak is certain, and the claim says
	// "when it created it". Not so in a test (fixtureArgument): its arguments
	// are fixtures chosen to take one branch of the callee, which may be
	// the one that creates nothing.
	strictOnly := c.fixtureArgument(cr) || c.failureOnly(fn, leaks) || c.keptAtExitOnly(cr, leaks, t) || c.prunedOnNextRun(fn, cr)
	callee := c.calleeName(cr)
	msg := fmt.Sprintf("%s from %s is not removed on %s, so it stays on disk when %s created it (on another path %s returns its caller's own value instead)",
		what(cr, name), callee, everyOrAny(never), callee, callee)
	fix := "remove it where it leaks, but only when it is not the value of yours that " + callee + " hands back (compare it with that value first)"
	if exitsOnly(leaks) {
		fix = "remove it before each exit that ends the process, but only when it is not the value of yours that " + callee + " hands back: a deferred removal does not run there"
	}
	if cr.BehindArg {
		fix = behindArgFix(callee)
	}
	c.report(analysis.Diagnostic{
		Pos: cr.Call.Pos(), End: cr.Call.End(),
		Message: msg + ": " + fix,
		Related: related(l),
	}, strictOnly)
}

// fixtureArgument reports whether the call, in a test, passes the value
// the creator may hand back instead of creating: the test's arguments
// decide whether anything is created, and a test often passes the ones
// that create nothing (goreleaser's keyPath given a key file's path).
func (c *checker) fixtureArgument(cr *tempfacts.Creation) bool {
	return cr.CallersArg && c.inTestFile(cr.Call.Pos())
}

// behindArgFix is the remedy when the creator may hand back a value
// reached from the argument (u-root's CopyToFileIfNotRegular returns the
// file behind a lazy reader it was given): comparing the result with the
// argument does not recognize that file, and removing it would delete the
// caller's own. Only the creator knows whether it made a copy.
func behindArgFix(callee string) string {
	return "have " + callee + " tell its callers whether it made a copy, and remove it where it leaks only then: " +
		callee + " may also hand back a file reached from your argument, which comparing with the argument does not recognize"
}
