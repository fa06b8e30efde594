package execfd

import (
	"golang.org/x/tools/go/analysis"
)

// checkUnstored reports exec.Command(...).Start() on a command that is
// never kept (the "open a browser" idiom): nothing can wait for the child,
// so once it exits it stays a zombie until the parent exits (unless the
// process reaps every child itself).
func (fn *fun) checkUnstored() {
	for _, call := range fn.unstored {
		if fn.windowsOnly(call) || fn.c.reaps() {
			continue // no zombies on Windows, nor where a reaper waits for every child
		}
		fn.unwaitedReport()(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: "the command started here is never kept, so nothing can wait for it: once the child exits it stays a zombie until the parent exits (unless the process reaps every child itself); keep the *exec.Cmd and call Wait (in a goroutine if the parent must not block), or use Run",
		})
	}
}
