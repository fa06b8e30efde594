package execfd

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A return that reports success with the child still running leaves it
// running on purpose: git-lfs's lfstest-count-tests starts lfstest-gitserver
// and returns "1, nil" ("we can abandon this process once it has started").
// A plain Wait at such a return blocks for as long as the child runs, which
// for a server is forever (SPEC: no Wait that blocks on a server). There
// the hint offers only what fits a child meant to keep running: reaping it
// in a goroutine, or stopping it first.

// A return that reports an error gives up on the child, which may still be
// running: a long-lived one (a logging binary, a server) never exits by
// itself, so a plain Wait there can block for good (containerd's shim
// returns "failed to read from logging binary" with the logger running).
// There the hint stops the child first; a Kill is safe whatever the child
// is, as Wait then returns at once.

// successReturn reports whether the return ends the function without an
// error: the function has no error result, or the return gives it nil.
func (fn *fun) successReturn(n ast.Node) bool {
	ret, ok := n.(*ast.ReturnStmt)
	sig := fn.signature()
	if !ok || sig == nil {
		return false
	}
	last := sig.Results().Len() - 1
	if last < 0 || !isErrorType(sig.Results().At(last).Type()) {
		return true
	}
	return len(ret.Results) == last+1 && pkgtypes.IsNil(fn.info(), ret.Results[last])
}

// returnsStartError reports whether the return gives the caller Start's
// own error as its error result: "return cmd.Start()", or "return err"
// with err Start's error variable, not assigned again on the way to the
// return (l.ErrReassigned). The child exists there only when Start
// succeeded, that is when the return reports success: it is a success
// return for the child, whose hint must not stop it (spawnWithFile's
// "cmd.ExtraFiles = ...; return cmd.Start()").
func (fn *fun) returnsStartError(l pathflow.Leak, start *ast.CallExpr, errVar *types.Var) bool {
	ret, ok := l.Node.(*ast.ReturnStmt)
	sig := fn.signature()
	if !ok || sig == nil || len(ret.Results) != sig.Results().Len() || len(ret.Results) == 0 {
		return false
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if last == ast.Expr(start) {
		return true
	}
	id, ok := last.(*ast.Ident)
	if !ok || errVar == nil || fn.info().Uses[id] != errVar {
		return false
	}
	// pathflow says whether the variable was assigned again only on the
	// paths where Start's error was never tested; elsewhere, the variable
	// must have no other assignment.
	return l.Unchecked && !l.ErrReassigned || fn.assignments(errVar) == 1 // borrowedcmd.go
}

// runningChildHint is the hint for a child left running at a return that
// reports success; at is "this return", or "these returns" when several
// are listed.
func runningChildHint(name, at string) string {
	return fmt.Sprintf("on every path, call go %[1]s.Wait() if it must keep running (a plain Wait at %[2]s blocks for as long as the child runs), or %[1]s.Process.Kill then %[1]s.Wait to stop it", name, at)
}

// givingUpHint is the hint for a child left unwaited at a return that
// reports an error; guard is killGuard's note, or "", and at "this error
// return" or "these error returns".
func givingUpHint(name, guard, at string, others bool) string {
	hint := fmt.Sprintf("at %[3]s, call %[1]s.Process.Kill then %[1]s.Wait to stop it%[2]s (a plain Wait there blocks for as long as the child runs)", name, guard, at)
	if others {
		hint += fmt.Sprintf("; on the other paths that leave it unwaited, %[1]s.Wait once done with it, or go %[1]s.Wait() if it must keep running", name)
	}
	return hint
}

// handedBackHint is the hint for a child that the function gives back to
// its caller, or stores for an owner, on some paths and drops at this
// return (or these); guard is killGuard's note, or "", and where
// handOverWhere's.
func handedBackHint(name, guard, at, where string) string {
	return fmt.Sprintf("at %[3]s, call %[1]s.Process.Kill then %[1]s.Wait to stop it%[2]s (a plain Wait there blocks for as long as the child runs); %[4]s", name, guard, at, where)
}
