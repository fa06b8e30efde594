package tempcleanup

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// In a test file, a leak only on paths where the test has already failed
// (t.Fatal, t.FailNow, t.Skip and their kind, log.Fatal in an example or a
// helper) is strict-only: the run is reported as failed, and its
// leftovers are a debugging aid more than a leak a maintainer would fix.
// os.Exit with a code that is not a constant is no failure: os.Exit(m.Run())
// in TestMain skips the deferred removal on every run. os.Exit with a
// constant code other than 0 (TestMain's "could not find the go tool";
// os.Exit(2)) ends a run that failed.

// failureOnly reports whether every exit in leaks, but panics, is a test
// failure in a _test.go file.
func (c *checker) failureOnly(leaks []pathflow.Leak) bool {
	if len(leaks) == 0 {
		return false
	}
	for _, l := range leaks {
		if l.Kind == pathflow.Panic {
			continue
		}
		call, ok := l.Node.(*ast.CallExpr)
		if !ok || !c.testFailure(call) {
			return false
		}
	}
	return true
}

// testFailure reports whether the call, in a _test.go file, ends a test as
// failed or skipped.
func (c *checker) testFailure(call *ast.CallExpr) bool {
	if !strings.HasSuffix(c.pass.Fset.File(call.Pos()).Name(), "_test.go") {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "testing":
		switch fn.Name() {
		case "Fatal", "Fatalf", "FailNow", "Skip", "Skipf", "SkipNow":
			return true
		}
	case "log":
		return strings.HasPrefix(fn.Name(), "Fatal")
	case "os":
		if fn.Name() == "Exit" && len(call.Args) == 1 {
			tv := c.pass.TypesInfo.Types[call.Args[0]]
			if tv.Value != nil && tv.Value.Kind() == constant.Int {
				code, exact := constant.Int64Val(tv.Value)
				return exact && code != 0
			}
		}
	}
	return false
}

// withoutFailures returns the skipping exits that are not test failures,
// the exits a default report lists, and false. When every exit is a
// failure it returns them all and true: the report is strict-only. Under
// -strict the failures are listed too.
func (c *checker) withoutFailures(skipped []pathflow.Leak) ([]pathflow.Leak, bool) {
	if strict || len(skipped) == 0 {
		return skipped, false
	}
	if c.failureOnly(skipped) {
		return skipped, true
	}
	var out []pathflow.Leak
	for _, l := range skipped {
		if call, ok := l.Node.(*ast.CallExpr); ok && c.testFailure(call) {
			continue
		}
		out = append(out, l)
	}
	return out, false
}
