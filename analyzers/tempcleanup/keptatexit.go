package tempcleanup

import (
	"strings"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// Outside tests, an object that the function never removes on any path —
// it is shown to the user, handed on, or left for later on purpose when
// the function succeeds — and that leaks only where the process ends (os.Exit,
// log.Fatal, with no deferred removal skipped), is left behind on those
// exits as it is on success: the program that fails leaves what the
// program that succeeds leaves too, and the leak is strict-only (a crash
// report kept on a write error, an exp tool's mount dir on a fatal error).
// A function that removes the object somewhere means it to go: a fatal
// exit that skips a deferred removal (crane export's tarball) or comes
// before an explicit one stays a finding.

// keptAtExitOnly reports whether every leak but panics is an exit that
// ends the process with no deferred removal pending, in code outside
// tests, of an object that the function removes on no path.
func (c *checker) keptAtExitOnly(cr *tempfacts.Creation, leaks []pathflow.Leak, t *tempfacts.Tracker) bool {
	pos := cr.Call.Pos()
	if len(leaks) == 0 || strings.HasSuffix(c.pass.Fset.File(pos).Name(), "_test.go") || c.tbInScope(pos) != nil {
		return false
	}
	exits := 0
	for _, l := range leaks {
		switch {
		case l.Kind == pathflow.Panic:
		case l.Kind == pathflow.ProcessExit && l.Deferred == nil:
			exits++
		default:
			return false
		}
	}
	return exits > 0 && !t.AttemptsRemoval()
}
