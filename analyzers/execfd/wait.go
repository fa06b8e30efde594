package execfd

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// checkWaits reports started children that are never waited on some path,
// and detached children that hold the parent's standard files.
func (fn *fun) checkWaits() {
	for _, cmd := range fn.sortedCmds() {
		var start *ast.CallExpr
		for _, s := range cmd.starts {
			if cmd.startNames[s] == "Start" {
				start = s
				break
			}
		}
		if start == nil || !cmd.owned || cmd.startInGo {
			continue
		}
		returned := false // handed on only by returns: handoffreturn.go
		if cmd.escapes {
			reported := len(fn.c.fieldsReported)
			fn.checkStores(cmd)
			rel, ok := fn.handoffReleases(cmd)
			if !ok || len(fn.c.fieldsReported) > reported {
				continue
			}
			cmd.handoffs, returned = rel, true
		}
		if cmd.stdinPipe && !cmd.waited && !returned {
			// A monitor: it reads the parent's pipe and ends with the parent.
			continue
		}
		// A child whose parent-death signal is set dies with the parent,
		// and one killed on every exit of the function (deferkill.go) dies
		// with it: it cannot hold the parent's files after the parent exits.
		if field, std := fn.parentStdio(cmd, start); std != "" && !returned && (cmd.released || !cmd.waited) && !fn.diesWithParent(cmd, start) && !fn.killedOnEveryExit(cmd, start) {
			how := "is never waited in this function"
			if cmd.released {
				how = "is released with Process.Release"
			}
			fn.c.r.Report(analysis.Diagnostic{
				Pos: start.Pos(), End: start.End(),
				Message: fmt.Sprintf("the child started by %s.Start %s but its %s is the parent's %s: %s; give the detached child its own files (a log file, or os.DevNull where its output is not needed)",
					cmd.v.Name(), how, field, std, stdioHarm(std)),
			})
			continue
		}
		for _, s := range cmd.starts {
			if cmd.startNames[s] != "Start" || fn.startedBefore(cmd, s) || fn.inHandoff(cmd, s) {
				continue
			}
			if len(cmd.collections) > 0 {
				fn.checkCollected(cmd, s)
			} else {
				fn.checkWait(cmd, s)
			}
		}
	}
	for _, p := range fn.procs {
		fn.checkDetachedProcess(p)
	}
	fn.checkUnstored()
}

// parentStdio returns the first of Stdin, Stdout, Stderr that is set to the
// parent's own, and which one it is.
func (fn *fun) parentStdio(cmd *command, start *ast.CallExpr) (field, std string) {
	for _, f := range []string{"Stdout", "Stderr", "Stdin"} {
		for _, v := range cmd.fields[f] {
			if s := parentStdio(fn.info(), v); s != "" && cmd.gen(v.Pos()) == cmd.gen(start.Pos()) {
				return cmd.v.Name() + "." + f, s
			}
		}
	}
	return "", ""
}

// checkWait follows the paths after a Start to the returns.
func (fn *fun) checkWait(cmd *command, start *ast.CallExpr) {
	if fn.windowsOnly(start) || fn.c.reaps() {
		return // no zombies on Windows, nor where a reaper waits for every child
	}
	info := fn.info()
	path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
	q := &pathflow.Query{
		Info:     info,
		CFG:      fn.cfg,
		Creation: start,
		Err:      fn.errOf(start, path),
		// "if cmd.Start() == nil && ...": the branch where it failed has no child.
		ErrResult: isStartCall(start) || fn.boundStart(start),

		ErrPredicate: fn.c.pred.Arg, Table: fn.c.table, NoteUnchecked: true,
		HeldBy: fn.aliasAssigned(cmd),
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			if cmd.handoffs[n] {
				return pathflow.Action{Effect: pathflow.Released} // given back to the caller
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return pathflow.Action{}
			}
			// Process.Kill and Process.Signal do not reap: the killed child
			// stays a zombie until Wait.
			if fn.waitsCmd(call, cmd.v) {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return pathflow.Action{}
		},
	}
	// A wait deferred before the start ("defer func() { rd.Close();
	// cmd.Wait() }()", then Start) runs at every return after it.
	waits := make(map[ast.Node]bool)
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() < start.Pos() && fn.waitsCmd(call, cmd.v) {
			waits[call] = true
		}
		return n == nil || n.Pos() < start.Pos()
	})
	fn.deferRelease(q, start.Pos(), waits)
	report := fn.unwaitedReport() // testkill.go
	var leak *pathflow.Leak       // a return that ends the program right after
	var readFail *pathflow.Leak   // a return taken only when reading its own pipe fails
	var first *pathflow.Leak      // the first leak reported
	var firstMsg string
	var more []pathflow.Leak // the other returns that leave the child unwaited
	unlisted := 0            // other leaks that more does not hold
	for _, l := range pathflow.Leaks(q) {
		var msg string
		switch l.Kind {
		case pathflow.Return:
			if fn.isMain() || fn.inPipeCloseFailure(l.Node) {
				continue
			}
			if ret, ok := l.Node.(*ast.ReturnStmt); ok && fn.endsProgram(ret) {
				if leak == nil {
					leak = &l // strict-only, unless another path leaks
				}
				continue
			}
			if fn.inOwnPipeReadFailure(cmd, l.Node) { // pipereadfailure.go
				if readFail == nil {
					readFail = &l // strict-only, unless another path leaks
				}
				continue
			}
			msg = "this return leaves the child unwaited"
		case pathflow.Reentry:
			msg = "the loop starts another child before this one is waited"
		default:
			continue
		}
		if first == nil {
			first, firstMsg = &l, msg
		} else if first.Kind == pathflow.Return && l.Kind == pathflow.Return {
			more = append(more, l)
		} else {
			unlisted++
		}
	}
	switch {
	case first != nil:
		fn.reportUnwaited(report, cmd, start, *first, more, unlisted, q.Err, firstMsg)
	case leak != nil:
		fn.reportUnwaited(fn.c.r.ReportStrict, cmd, start, *leak, nil, 0, q.Err, "this return leaves the child unwaited, and main then exits")
	case readFail != nil:
		fn.reportUnwaited(fn.c.r.ReportStrict, cmd, start, *readFail, nil, 0, q.Err, "this return, taken only when reading the child's own output pipe fails, leaves the child unwaited")
	}
}

// A child may be left unwaited at several returns, some worse than others
// (lima's limactl shell: less stays running on the terminal when diff
// fails, while at the first return a failed write says less has already
// exited). The report lists each of them, as tempcleanup lists each return
// that keeps a temporary file, where the hint fits them all as written:
// the other returns, whose hint would differ (a success return among
// error returns, a guard that only one needs), are left for the next run,
// once the first is fixed.

// reportUnwaited reports the start of a child left unwaited at the leak l,
// and at the other returns more where the same hint holds; errVar is
// Start's error variable, or nil.
func (fn *fun) reportUnwaited(report func(analysis.Diagnostic), cmd *command, start *ast.CallExpr, l pathflow.Leak, more []pathflow.Leak, unlisted int, errVar *types.Var, msg string) {
	name := cmd.v.Name()
	killNote := ""
	if cmd.kills {
		killNote = " (Process.Kill and Signal do not reap it)"
	}
	hint := fn.unwaitedHint(cmd, start, l, errVar, false, false)
	rel := related(l.Node, msg)
	for _, m := range more {
		if fn.unwaitedHint(cmd, start, m, errVar, false, false) == hint {
			rel = append(rel, related(m.Node, "this return also leaves the child unwaited")...)
		} else {
			unlisted++
		}
	}
	// What to do on the other paths is said only when some other path
	// leaves the child unwaited too: where they all wait already, the
	// advice points at nothing (storage's chrootarchive).
	hint = fn.unwaitedHint(cmd, start, l, errVar, len(rel) > 1, unlisted > 0)
	if !fn.outputPipe(cmd) && cmd.handoffs == nil && fn.killedOnEveryExit(cmd, start) {
		// Killed on every exit already (deferkill.go): only the Wait
		// is missing, and it returns at once after the Kill.
		hint = killedHint(fn.stopName(cmd.v))
	}
	report(analysis.Diagnostic{
		Pos: start.Pos(), End: start.End(),
		Message: fmt.Sprintf("%s.Start succeeds but the child is not waited on some path%s: %s; %s",
			name, killNote, fn.unwaitedHarm(cmd), hint),
		Related: rel,
	})
}

// unwaitedHint is the hint of the unwaited-child rule for the leak l, said
// of several returns when several is set.
func (fn *fun) unwaitedHint(cmd *command, start *ast.CallExpr, l pathflow.Leak, errVar *types.Var, several, others bool) string {
	stop := fn.stopName(cmd.v)
	at, atError := "this return", "this error return"
	if several {
		at, atError = "these returns", "these error returns"
	}
	hint := fmt.Sprintf("on every path, call %[1]s.Wait, or go %[1]s.Wait() if it must keep running, or %[1]s.Process.Kill then Wait to stop it", stop)
	if fn.outputPipe(cmd) {
		// A child blocked writing to a full pipe that nothing reads
		// never exits: a plain Wait there hangs (a failed Apply of a
		// tar stream leaves tar writing to its StdoutPipe).
		why := " (a plain Wait blocks while the child is stuck writing to a pipe nothing drains)"
		if !isCmd(cmd.v.Type()) {
			// A wrapper's own Wait may close the pipes first
			// (git-lfs's subprocess.Cmd): the child then gets EPIPE,
			// and a plain Wait returns.
			why = ""
		}
		hint = fmt.Sprintf("at the returns that leave it unwaited, call %[1]s.Process.Kill then %[1]s.Wait%[2]s, or go %[1]s.Wait() if it must keep running", stop, why)
	}
	success := fn.successReturn(l.Node) || fn.returnsStartError(l, start, errVar) // runningchild.go
	if !fn.outputPipe(cmd) && success {
		hint = runningChildHint(stop, at) // runningchild.go
	}
	guard := killGuard(stop, errVar, l) // startfailed.go
	if _, ok := l.Node.(*ast.ReturnStmt); ok && !fn.outputPipe(cmd) && !success {
		hint, guard = givingUpHint(stop, guard, atError, others), "" // runningchild.go
	}
	if cmd.handoffs != nil {
		hint, guard = handedBackHint(stop, killGuard(stop, errVar, l), at, handOverWhere(cmd)), "" // handoffreturn.go, handoffstore.go
	}
	return hint + guard + fn.stdinFeedNote(cmd, start) // stdinfeed.go
}

// outputPipe reports whether the child writes into a pipe that the parent
// reads: StdoutPipe or StderrPipe, or the write end of an os.Pipe of the
// function set as its Stdout or Stderr.
func (fn *fun) outputPipe(cmd *command) bool {
	if cmd.pipes {
		return true
	}
	info := fn.info()
	for _, f := range []string{"Stdout", "Stderr"} {
		for _, v := range cmd.fields[f] {
			id, ok := ast.Unparen(v).(*ast.Ident)
			if !ok {
				continue
			}
			if u, ok := info.Uses[id].(*types.Var); ok {
				if file := fn.files[u]; file != nil && file.write && file.partner != nil {
					return true
				}
			}
		}
	}
	return false
}

// isProcessOf reports whether e is cmd.Process for the variable.
func (fn *fun) isProcessOf(e ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Process" && (isVar(fn.info(), sel.X, v) || fn.heldCmd(sel.X, v) || fn.isCmdAliasOf(sel.X, v))
}

// checkDetachedProcess reports os.StartProcess handing the parent's
// standard files to a child that is released or never waited.
func (fn *fun) checkDetachedProcess(p *startProcess) {
	std := ""
	for _, e := range p.files {
		if s := parentStdio(fn.info(), e); s != "" && (std == "" || std == "os.Stdin") {
			std = s
		}
	}
	if std == "" {
		return
	}
	waited, released, escapes := false, false, false
	if p.proc != nil {
		info := fn.info()
		fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
			id, ok := n.(*ast.Ident)
			if !ok || info.Uses[id] != p.proc {
				return true
			}
			sel, ok := stack[len(stack)-1].(*ast.SelectorExpr)
			if !ok || sel.X != id {
				escapes = true
				return true
			}
			switch sel.Sel.Name {
			case "Wait":
				waited = true
			case "Release":
				released = true
			}
			return true
		})
	}
	if escapes || (waited && !released) {
		return
	}
	if !fn.goesOn(p.call) {
		return // a test that expects the start to fail has no child
	}
	how := "is never waited in this function"
	if released {
		how = "is released with Release"
	}
	p.reported = true
	fn.c.r.Report(analysis.Diagnostic{
		Pos: p.call.Pos(), End: p.call.End(),
		Message: fmt.Sprintf("the child started by %s %s but inherits the parent's %s: %s; give the detached child its own files (a log file, or os.DevNull where its output is not needed)",
			p.name, how, std, stdioHarm(std)),
	})
}

// stdioHarm says what a detached child holding the parent's file does.
func stdioHarm(std string) string {
	if std == "os.Stdin" {
		return "it competes with the parent for its input, and keeps that input open if it outlives the parent"
	}
	return "if it outlives the parent it keeps the parent's output open, so whoever reads that output waits for the child too"
}

// startedBefore reports whether a path reaches the start from another start
// of the same command: starting a Cmd twice fails, so the second start
// creates nothing.
func (fn *fun) startedBefore(cmd *command, start *ast.CallExpr) bool {
	for _, other := range cmd.starts {
		if other == start || cmd.gen(other.Pos()) != cmd.gen(start.Pos()) {
			continue
		}
		found := pathflow.Reaches(&pathflow.Query{
			Info:     fn.info(),
			CFG:      fn.cfg,
			Creation: other,
			Release:  func(ast.Node, []ast.Node) pathflow.Action { return pathflow.Action{} },
		}, func(n ast.Node) bool { return n.Pos() <= start.Pos() && start.End() <= n.End() })
		if len(found) > 0 {
			return true
		}
	}
	return false
}

// unwaitedHarm says what an unwaited child costs: always a zombie once it
// exits; open pipes only when the command has them (a StdoutPipe, or a
// standard stream that is not an *os.File, which os/exec copies through a
// pipe whose parent end only Wait closes).
// pipesOpen is what an unwaited child's pipes cost: Wait is what closes
// the parent's ends, and code that closes them itself (a helper that
// aborts the child) does not leave them.
const pipesOpen = ", and the parent's ends of its pipes stay open unless the code closes them itself"

func (fn *fun) unwaitedHarm(cmd *command) string {
	const zombie = "once it exits it stays a zombie until the parent exits (unless the process reaps every child itself)"
	if cmd.pipes || cmd.stdinPipe {
		return zombie + pipesOpen
	}
	for _, f := range []string{"Stdin", "Stdout", "Stderr"} {
		for _, v := range cmd.fields[f] {
			if writerKind(fn.info(), v) == notFile {
				return zombie + pipesOpen
			}
		}
	}
	return zombie
}

// isStartCall reports whether the call is a method call Start() whose only
// result is an error: compared with nil in a condition, it says whether
// there is a child.
func isStartCall(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Start" && len(call.Args) == 0
}
