package execfd

import (
	"fmt"
	"go/types"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// A return reached both when Start failed and when it succeeded needs a
// guarded hint. With a context that is already done, os/exec's Start
// returns the context's error before starting anything, and cmd.Process
// stays nil:
//
//	err = cmd.Start()
//	if ctx.Err() != nil {
//		return cmdErr{err: err, ctxErr: ctx.Err()} // Start failed, or the child runs
//	}
//
// "call cmd.Process.Kill then cmd.Wait" followed as written there panics on
// the nil *os.Process of the first case. Where some path reaches the leak
// without a branch that showed Start's error nil (pathflow's
// Leak.Unchecked), the hint guards the calls with that error, or with
// cmd.Process itself when the error variable was assigned again on the way
// (or Start's error was never kept). The hint claims no more than that:
// the error may also be checked by a call the search does not read as a
// branch (assert.NilError(t, err) ends the test), and a guard that always
// holds there is harmless.

// stopHint returns the advice to stop and reap the child at the leak l:
// "call cmd.Process.Kill then cmd.Wait", guarded when Start may have failed
// on a path to l. errVar is Start's error variable, or nil.
func (fn *fun) stopHint(name string, errVar *types.Var, l pathflow.Leak) string {
	calls := fmt.Sprintf("call %[1]s.Process.Kill then %[1]s.Wait", name)
	if !l.Unchecked {
		return calls
	}
	return fmt.Sprintf("where Start succeeded (if %s), %s", startGuard(name, errVar, l), calls)
}

// killGuard returns what the hint of the unwaited-child rule adds when
// Start may have failed on the path to the leak l: a plain Wait then
// returns an error, but Process.Kill panics.
func killGuard(name string, errVar *types.Var, l pathflow.Leak) string {
	if !l.Unchecked {
		return ""
	}
	return fmt.Sprintf(" (kill only where Start succeeded: if %s)", startGuard(name, errVar, l))
}

// startGuard is the condition that says Start succeeded: its error
// variable is nil, or, when that was assigned again on the way or never
// kept, the command has a process.
func startGuard(name string, errVar *types.Var, l pathflow.Leak) string {
	if errVar != nil && !l.ErrReassigned {
		return errVar.Name() + " == nil"
	}
	return name + ".Process != nil"
}
