package tempcleanup

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/fiximport"
	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/internal/report"
	"github.com/tmplint/tmplint/internal/stmtlist"
	"github.com/tmplint/tmplint/internal/testpar"
	"github.com/tmplint/tmplint/passes/directives"
	"github.com/tmplint/tmplint/passes/errpred"
	"github.com/tmplint/tmplint/passes/mountfacts"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

//go:embed doc.go
var doc string

// Analyzer reports temp objects that are not cleaned up on every path.
var Analyzer = &analysis.Analyzer{
	Name:     "tempcleanup",
	Doc:      analysisdoc.Extract(doc, "tempcleanup"),
	URL:      "https://pkg.go.dev/github.com/tmplint/tmplint/analyzers/tempcleanup",
	Requires: []*analysis.Analyzer{directives.Analyzer, tempfacts.Analyzer, errpred.Analyzer, mountfacts.Analyzer},
	Run:      run,
}

var strict bool

func init() {
	Analyzer.Flags.BoolVar(&strict, "strict", false,
		"also report escapes into unknown code, unclosed temp files, and main packages without signal-aware cleanup")
}

const debug = false

func run(pass *analysis.Pass) (any, error) {
	r := report.New(pass, strict)
	defer r.Finish()
	res, _ := pass.ResultOf[tempfacts.Analyzer].(*tempfacts.Result)
	if res == nil || (!pkgtypes.ImportsAny(pass.Pkg, "os", "io/ioutil") && !res.HasImportedCreators() && !res.HasImportedOwners()) {
		return nil, nil
	}
	c := &checker{pass: pass, r: r, res: res}
	c.signalAware = pkgtypes.ImportsAny(pass.Pkg, tempfacts.SessionPath) || callsSignalNotify(pass)
	for _, f := range pass.Files {
		if r.Generated(f) {
			continue
		}
		c.file = f
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					c.function(n, n.Body)
				}
			case *ast.FuncLit:
				c.function(n, n.Body)
			}
			return true
		})
	}
	return nil, nil
}

// callsSignalNotify reports whether the package arranges to handle
// signals itself (signal.Notify, signal.NotifyContext).
func callsSignalNotify(pass *analysis.Pass) bool {
	if !pkgtypes.ImportsAny(pass.Pkg, "os/signal") {
		return false
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && !found {
				if fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func); ok && fn.Pkg() != nil &&
					fn.Pkg().Path() == "os/signal" && strings.HasPrefix(fn.Name(), "Notify") {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

type checker struct {
	pass        *analysis.Pass
	r           *report.Reporter
	res         *tempfacts.Result
	file        *ast.File
	signalAware bool
	// fieldReported holds the field stores already reported.
	fieldReported map[ast.Node]bool
}

// function checks the creations directly in the body of fn (not those in
// nested function literals, which are functions of their own).
func (c *checker) function(fn ast.Node, body *ast.BlockStmt) {
	var g *cfg.CFG
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(stack) == 0 {
			return true
		}
		cr := c.res.Creation(call)
		var own *tempfacts.Assign
		if cr == nil {
			if callee, o := c.ownerConstructor(call); o != nil {
				if g == nil {
					if g = c.res.CFG(fn); g == nil {
						return false
					}
				}
				c.constructedOwner(fn, g, call, callee, o, stack) // ownerresult.go
				return true
			}
			callee, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
			if res, o, some := c.res.FreshOwner(callee); o != nil {
				if g == nil {
					if g = c.res.CFG(fn); g == nil {
						return false
					}
				}
				c.ownerValue(fn, g, call, callee, res, o, some, stack) // ownerobligation.go
				return true
			}
			// The function's own loop over random names, as os.CreateTemp
			// is written: it made the object, and owes its removal on
			// every path that does not return it.
			if own = c.res.ExclusiveAssign(fn, call, stack); own != nil {
				cr = own.Creation
			} else if cr = c.res.OutCreation(call); cr == nil {
				// Not stored through a pointer argument either
				// (tempfacts' storesTemp).
				return true
			}
		}
		if g == nil {
			g = c.res.CFG(fn)
			if g == nil {
				return false
			}
		}
		c.creation(fn, g, cr, stack, own)
		return true
	})
	c.listLeaks(fn, body) // namelist.go
}

// what names the object for messages: "temp directory dir".
func what(cr *tempfacts.Creation, name string) string {
	s := "temp file"
	if cr.Kind == tempfacts.Dir {
		s = "temp directory"
	}
	if name != "" {
		s += " " + name
	}
	return s
}

func (c *checker) calleeName(cr *tempfacts.Creation) string {
	fn := cr.Callee
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if fn.Pkg() == c.pass.Pkg {
		return fn.Name()
	}
	name := fn.Pkg().Name() + "." + fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		name = fn.Name()
	}
	return name
}

// creation checks one creation. own, when not nil, is the assignment of a
// creator's own loop over random names (tempfacts.ExclusiveAssign).
func (c *checker) creation(fn ast.Node, g *cfg.CFG, cr *tempfacts.Creation, stack []ast.Node, own *tempfacts.Assign) {
	info := c.pass.TypesInfo
	parent := stack[len(stack)-1]
	mainStrict := func() {
		if c.pass.Pkg.Name() == "main" && !c.signalAware && !strings.HasSuffix(c.pass.Fset.File(cr.Call.Pos()).Name(), "_test.go") {
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: cr.Call.Pos(), End: cr.Call.End(),
				Message: fmt.Sprintf("%s from %s in package main is not removed when the program is interrupted (SIGINT, SIGTERM): create it with a session of %s (session.Start, then its MkdirTemp or CreateTemp), which cleans up on signals",
					what(cr, ""), c.calleeName(cr), tempfacts.SessionPath),
			})
		}
	}
	if cr.Into != nil {
		// visit(&name): name holds the object from the call on, in the
		// call statement or the assignment of its error.
		switch parent.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.ValueSpec:
			parent = nil
		default:
			return
		}
	}
	switch parent := parent.(type) {
	case nil:
	case *ast.CallExpr:
		c.forwarded(parent, cr)
		return
	case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt:
		mainStrict()
		msg := fmt.Sprintf("%s from %s is discarded and never removed, so it stays on disk: keep it and remove it when done",
			what(cr, ""), c.calleeName(cr))
		if cr.Object < 0 {
			msg = fmt.Sprintf("the cleanup function returned by %s is discarded, so the %s it removes stays on disk: keep it and defer it",
				c.calleeName(cr), what(cr, ""))
		}
		d := analysis.Diagnostic{Pos: cr.Call.Pos(), End: cr.Call.End(), Message: msg}
		if cr.CallersValue {
			remedy := "keep it and remove it when done, unless it is that value"
			if cr.BehindArg {
				remedy = "keep it, and " + behindArgFix(c.calleeName(cr))
			}
			d.Message = fmt.Sprintf("%s from %s is discarded and never removed, so it stays on disk when %s creates one (on another path it returns its caller's own value): %s",
				what(cr, ""), c.calleeName(cr), c.calleeName(cr), remedy)
			if c.fixtureArgument(cr) {
				c.r.ReportStrict(d) // callersvalue.go
				return
			}
		}
		c.r.Report(d)
		return
	case *ast.AssignStmt, *ast.ValueSpec:
	default:
		return // returned, passed on: handed off
	}
	a := own
	if a == nil {
		a = c.res.AssignOf(stack[len(stack)-1], cr)
	}
	if a == nil {
		if !cr.CallersValue && cr.Into == nil {
			c.owningFieldAt(fn, g, stack[len(stack)-1], cr)
		}
		return // stored into a field or element
	}
	if c.expectedToFail(a.Stmt, c.res.Var(a.Err)) {
		return // a test asserting that the creation fails
	}
	obj, cleanup := c.res.Var(a.Object), c.res.Var(a.Cleanup)
	t := c.res.TrackNamed(fn, cr.Kind, obj, c.res.Var(a.Name), cleanup, tempfacts.Default)
	if (obj != nil && !t.Local(obj)) || (cleanup != nil && !t.Local(cleanup)) {
		return // a global or a variable of an enclosing function: handed off
	}
	mainStrict()
	name := ""
	switch {
	case a.Name != nil:
		name = a.Name.Name // the file of a creator's own loop, by its name
	case a.Object != nil && a.Object.Name != "_":
		name = a.Object.Name
	}
	earlier := c.deferredBefore(fn, a.Stmt, t)
	// The variable that is nil when there is nothing to clean up: the
	// object, or else the cleanup function a helper returned
	// ("if cleanup != nil { defer cleanup() }").
	present := obj
	if present == nil {
		present = cleanup
	}
	mounts := c.unmountedHere(fn, a) // localmount.go
	queryWith := func(release func(ast.Node, []ast.Node) pathflow.Action) []pathflow.Leak {
		return pathflow.Leaks(&pathflow.Query{
			Info: info, CFG: g, Creation: a.Stmt, Err: c.res.Var(a.Err), Obj: present, ObjMayBeOwn: cr.CallersValue && present == obj,
			ErrPredicate: c.pass.ResultOf[errpred.Analyzer].(*errpred.Result).Arg,
			Release:      release, Registers: c.res.Registers, Exit: c.res.Exits().Kind, ExitOnError: c.res.ExitOnError,
			Deferred: earlier, Table: c.res.Table, Results: c.results(fn),
			MayMakeNothing: cr.Into != nil,
		})
	}
	query := func(t *tempfacts.Tracker) []pathflow.Leak {
		return queryWith(c.ownOpsCannotFail(t, obj, c.closeCannotFail(fn, obj, borrowingMounts(mounts, t.Release)))) // cannotfail.go, unwritten.go
	}
	leaks := query(t)
	if debug {
		fmt.Printf("%s: %s leaks %v\n", c.pass.Fset.Position(cr.Call.Pos()), name, leaks)
	}
	var leak *pathflow.Leak
	var skipped []pathflow.Leak
	for i, l := range leaks {
		switch {
		case l.Kind == pathflow.ProcessExit && l.Deferred != nil:
			if !c.removedBefore(fn, l.Deferred, l.Node, t) {
				skipped = append(skipped, l)
			}
		case l.Kind == pathflow.Panic:
			// A panic is a bug being reported, not a way out of the
			// function; deferred calls run anyway.
		case leak == nil || leak.Kind == pathflow.Reentry:
			// Prefer an exit to a loop's next iteration: it is the
			// simpler story.
			leak = &leaks[i]
		}
	}
	c.reportSkippedDefers(cr, name, skipped)
	// Every exit leaks when no release on any path spares one
	// (anypath.go).
	never := func() bool {
		return earlier == nil && everyExit(leaks, queryWith(func(ast.Node, []ast.Node) pathflow.Action { return pathflow.Action{} }))
	}
	if cr.CallersValue {
		// callersvalue.go: judged only where the result leaks, in words
		// true of both kinds of value it may be.
		if leak != nil {
			c.reportCallersValueLeak(fn, cr, name, *leak, leaks, t, never())
		}
		return
	}
	if leak != nil && c.inCallersDir(cr) && !t.AttemptsRemoval() && !(own != nil && c.res.ReturnsObject(fn, a)) &&
		!(c.besideTarget(fn, cr.DirArg) && !never()) { // besidetarget.go
		// Created in a directory someone else manages (a parameter, a
		// flag), and not removed here on any path: the directory's
		// owner cleans up. A function's own loop over random names that
		// returns the object to its caller is a creator, whose caller
		// owns what it returns: the paths that return no object leak it
		// whatever the directory. So does an object made next to a
		// target that the function hands on or renames on some path.
		msg := "%s from %s is created in a directory this function does not own and is never removed: remove it, or document that the directory's owner does"
		if !never() {
			// Handed on (to a taker, the caller) on some path: "never
			// removed" would not be true there.
			msg = "%s from %s is created in a directory this function does not own and is neither removed nor handed on at the exit named: remove it there, or document that the directory's owner does"
		}
		c.r.ReportStrict(analysis.Diagnostic{
			Pos: cr.Call.Pos(), End: cr.Call.End(),
			Message: fmt.Sprintf(msg, what(cr, name), c.calleeName(cr)),
			Related: related(*leak),
		})
	} else if leak != nil {
		never := never()
		c.reportLeak(fn, cr, a, name, *leak, leaks, t, never)
	} else if c.ownerDropped(fn, cr, obj, cleanup, name, query) {
		// Reported at the returns that drop the owner.
	} else if obj != nil || cleanup != nil {
		// Strict: escapes into unknown code are no hand-off.
		for _, l := range query(c.res.TrackNamed(fn, cr.Kind, obj, c.res.Var(a.Name), cleanup, tempfacts.Strict)) {
			if l.Kind == pathflow.Panic || l.Kind == pathflow.ProcessExit && l.Deferred != nil {
				continue
			}
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: cr.Call.Pos(), End: cr.Call.End(),
				Message: fmt.Sprintf("%s from %s is passed to code that is not known to remove it, and is not removed here on every path: remove it here, or give the callee a removal on every path",
					what(cr, name), c.calleeName(cr)),
				Related: related(l),
			})
			break
		}
	}
	c.droppedListeners(fn, g, cr, t, name, leaks) // listener.go
	if leak == nil {
		c.filledDirRemoved(fn, cr, obj) // filleddir.go
	}
	c.owningFields(t, cr)
	// Strict: an unclosed temp *os.File.
	if cr.Kind == tempfacts.File && obj != nil && pkgtypes.IsOSFile(obj.Type()) && !cr.Closed {
		for _, l := range query(c.res.Track(fn, cr.Kind, obj, nil, tempfacts.Close)) {
			if l.Kind == pathflow.Panic || l.Kind == pathflow.ProcessExit {
				continue
			}
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: cr.Call.Pos(), End: cr.Call.End(),
				Message: fmt.Sprintf("temp file %s from %s is not closed on every path, so its descriptor leaks (and it cannot be removed on Windows): defer %s.Close()",
					name, c.calleeName(cr), name),
				Related: unclosedAt(l),
			})
			break
		}
	}
}

// results returns the results of the function fn, a declaration or a
// literal.
func (c *checker) results(fn ast.Node) *types.Tuple {
	var sig *types.Signature
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if f, ok := c.pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
			sig, _ = f.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ = c.pass.TypesInfo.TypeOf(fn).(*types.Signature)
	}
	if sig == nil {
		return nil
	}
	return sig.Results()
}

// unclosedAt is the related information of an exit that leaves a temp
// file open.
func unclosedAt(l pathflow.Leak) []analysis.RelatedInformation {
	msg := "leaves it open on this path"
	switch l.Kind {
	case pathflow.Return:
		msg = "returns here without closing it"
	case pathflow.Goexit, pathflow.ProcessExit:
		msg = "exits here without closing it"
	}
	return []analysis.RelatedInformation{{Pos: l.Node.Pos(), End: l.Node.End(), Message: msg}}
}

func related(l pathflow.Leak) []analysis.RelatedInformation {
	msg := "leaks on this path"
	switch l.Kind {
	case pathflow.Return:
		msg = "returns here without removing it"
	case pathflow.Goexit, pathflow.ProcessExit:
		msg = "exits here without removing it"
		if l.OnError {
			msg = "exits here without removing it when the error it is given is not nil"
		}
	case pathflow.Reentry:
		msg = "created again here, losing the previous one"
	}
	return []analysis.RelatedInformation{{Pos: l.Node.Pos(), End: l.Node.End(), Message: msg}}
}

func (c *checker) reportLeak(fn ast.Node, cr *tempfacts.Creation, a *tempfacts.Assign, name string, l pathflow.Leak,
	leaks []pathflow.Leak, t *tempfacts.Tracker, never bool) {
	strictOnly := c.failureOnly(fn, leaks) || c.keptAtExitOnly(cr, leaks, t) || c.prunedOnNextRun(fn, cr) // testfailure.go, keptatexit.go, prunednextrun.go
	tb := c.tbInScope(cr.Call.Pos())
	var msg string
	var fix string
	switch {
	case a.Object == nil && cr.Cleanup >= 0 && a.Cleanup == nil && cr.Object < 0:
		msg = fmt.Sprintf("the cleanup function returned by %s is discarded, so the %s it removes stays on disk", c.calleeName(cr), what(cr, ""))
		fix = "keep it and defer it"
	case name == "" && (a.Cleanup == nil || a.Cleanup.Name == "_"):
		msg = fmt.Sprintf("%s from %s is discarded and never removed, so it stays on disk", what(cr, ""), c.calleeName(cr))
		fix = "keep it and remove it when done"
	case l.Kind == pathflow.Reentry:
		msg = fmt.Sprintf("%s from %s is created again in the loop before the previous one is removed, so it stays on disk", what(cr, name), c.calleeName(cr))
		fix = "remove it before the next iteration"
	case l.Flag != nil:
		// flagguard.go: a deferred removal under a flag the function
		// sets only to constants, which this return leaves unset.
		c.reportFlagLeak(cr, name, l, strictOnly)
		return
	case l.Overwrites != nil:
		// overwrittenresult.go: the deferred removal reads a named
		// result that this return sets to a constant.
		c.reportOverwrittenLeak(fn, cr, name, l, leaks, strictOnly)
		return
	case l.Guarded:
		// The author removes it on failure: the path is one where the
		// error the removal tests is nil. Adding another removal would
		// undo what they guard on purpose (a rename's success).
		msg = fmt.Sprintf("%s from %s is removed by a deferred call only when its error variable is set, and this return leaves that variable nil, so it stays on disk", what(cr, name), c.calleeName(cr))
		fix = "remove it on this path as well, or hand it off: the deferred removal runs only when the function fails"
		if ret := l.Node.(*ast.ReturnStmt); len(ret.Results) > 0 && !pkgtypes.IsNil(c.pass.TypesInfo, ret.Results[len(ret.Results)-1]) {
			fix = "assign the error to that variable before returning it (a shadowing := hides it), or name the error result and test that"
		}
		c.report(analysis.Diagnostic{
			Pos: cr.Call.Pos(), End: cr.Call.End(),
			Message: msg + ": " + fix,
			Related: []analysis.RelatedInformation{{Pos: l.Node.Pos(), End: l.Node.End(), Message: "returns here with the error variable nil"}},
		}, strictOnly)
		return
	default:
		msg = fmt.Sprintf("%s from %s is not removed on %s, so it stays on disk", what(cr, name), c.calleeName(cr), everyOrAny(never))
		switch {
		case a.Cleanup != nil && a.Cleanup.Name != "_":
			fix = fmt.Sprintf("defer %s()", a.Cleanup.Name)
		case cr.Kind == tempfacts.Dir:
			fix = fmt.Sprintf("defer os.RemoveAll(%s)", name)
		case a.Name != nil:
			fix = fmt.Sprintf("defer os.Remove(%s)", a.Name.Name)
		case cr.Kind == tempfacts.File:
			fix = fmt.Sprintf("defer os.Remove(%s.Name())", name)
		default:
			fix = fmt.Sprintf("defer os.Remove(%s)", name)
		}
		fix += afterCreation(a)
		if exitsOnly(leaks) {
			// os.Exit, log.Fatal, a CheckIfError helper: a deferred
			// removal would not run there either.
			fix = "remove it before each exit that ends the process: a deferred removal does not run there"
			if exitsOnError(leaks) {
				fix = "remove it before each exit that ends the process (where a helper exits on a non-nil error, test the error and remove it only then): a deferred removal does not run there"
			}
		}
	}
	var removal []analysis.SuggestedFix
	rel := related(l)
	if l.Kind != pathflow.Reentry && (a.Object != nil || a.Cleanup != nil) {
		// Remove it only where it leaks when it is kept elsewhere
		// (leakfix.go).
		h := c.removalHint(fn, cr, a, name, t, leaks, msg, fix, never)
		msg, fix, removal = h.msg, h.fix, h.fixes
		if exitsOnly(leaks) {
			removal = nil // a deferred removal, or one at exits it would skip
		}
		if h.related != nil {
			rel = h.related
		}
	}
	target, at := c.mountedOn(fn, a)
	if exits := leakingExits(leaks); len(rel) == 1 && len(exits) > 1 && l.Kind != pathflow.Reentry && (tb == nil || target != "") {
		// Name every exit that leaks it, not only the first: the reader
		// checks each (restic's selfupdate leaks at three returns), and
		// the mount hint below speaks of those before the mount and
		// after it. In a test, whose fix (t.TempDir()) covers every
		// exit, the first is enough.
		rel = nil
		for _, e := range exits {
			rel = append(rel, related(e)...)
		}
	}
	var fixes []analysis.SuggestedFix
	if target != "" && l.Kind != pathflow.Reentry {
		// mounted.go: a recursive removal would delete the mounted
		// files, and an unmount whose error is ignored leaves them
		// there (a bind of /dev under the directory).
		fix = "remove it with os.RemoveAll only at the exits before the first mount under it; after that, only once what is mounted on " + target +
			" is unmounted and the unmount's error checked, or with os.Remove, which fails rather than delete mounted files"
		rel = append(rel, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: "mounts a file system under it here"})
		c.report(analysis.Diagnostic{Pos: cr.Call.Pos(), End: cr.Call.End(), Message: msg + ": " + fix, Related: rel}, strictOnly)
		return
	}
	goroutine := tb != nil && c.usedByGoroutine(fn, a) // mounted.go
	inspected := tb != nil && a.Object != nil && c.keptForInspection(fn, a)
	if inspected {
		// keptforinspection.go: no t.TempDir(), which would remove it
		// on failure too.
		if rm, _, ok := c.removalCall(cr, a); ok {
			fix = fmt.Sprintf("remove it when the test passes and keep it when it fails, as the test means to: %[1]s.Cleanup(func() { if !%[1]s.Failed() { %[2]s } })", tb.Name(), rm)
		}
	} else if goroutine && a.Object != nil && l.Kind != pathflow.Reentry {
		fix = "remove it once the goroutine that uses it is done (wait for it, then remove): " + tb.Name() + ".TempDir() would be removed under it when the test returns"
	} else if tb != nil && a.Object != nil && l.Kind != pathflow.Reentry && t.Binds() {
		// t.TempDir() paths are long (they hold the test's name): a
		// unix socket bound in one may not fit sun_path (108 bytes).
		fix = fmt.Sprintf("remove it in %[1]s.Cleanup: a path in %[1]s.TempDir() may be too long for a unix socket", tb.Name())
	} else if tb != nil && a.Object != nil && l.Kind != pathflow.Reentry {
		if f := c.testFix(cr, a, tb); f != nil {
			fixes = append(fixes, *f)
		}
		if cr.Kind == tempfacts.Dir {
			fix = fmt.Sprintf("use %s.TempDir(), which the testing package removes", tb.Name())
		} else if stdCreator(cr) {
			fix = fmt.Sprintf("create it in %s.TempDir(), which the testing package removes", tb.Name())
		}
	}
	if tb == nil {
		fixes = append(fixes, removal...)
	}
	c.report(analysis.Diagnostic{
		Pos: cr.Call.Pos(), End: cr.Call.End(),
		Message:        msg + ": " + fix,
		Related:        rel,
		SuggestedFixes: fixes,
	}, strictOnly)
}

// exitsOnly reports whether every leak but panics is an exit that ends the
// process with no deferred removal pending.
func exitsOnly(leaks []pathflow.Leak) bool {
	n := 0
	for _, l := range leaks {
		switch {
		case l.Kind == pathflow.Panic:
		case l.Kind == pathflow.ProcessExit && l.Deferred == nil:
			n++
		default:
			return false
		}
	}
	return n > 0
}

// exitsOnError reports whether some leak is a call that ends the process
// only on a non-nil error (pathflow.Leak.OnError).
func exitsOnError(leaks []pathflow.Leak) bool {
	for _, l := range leaks {
		if l.OnError {
			return true
		}
	}
	return false
}

// report reports a leak, strict-only when every exit that leaks it is a
// failed test, or a process exit that leaves what success leaves too.
func (c *checker) report(d analysis.Diagnostic, strictOnly bool) {
	if strictOnly {
		c.r.ReportStrict(d)
		return
	}
	c.r.Report(d)
}

func stdCreator(cr *tempfacts.Creation) bool {
	p := cr.Callee.Pkg()
	return p != nil && (p.Path() == "os" || p.Path() == "io/ioutil")
}

// tbInScope returns the innermost testing.TB variable visible at pos.
func (c *checker) tbInScope(pos token.Pos) *types.Var {
	return testpar.InScope(c.pass.Pkg, pos)
}

// testFix rewrites the creation to use tb.TempDir().
func (c *checker) testFix(cr *tempfacts.Creation, a *tempfacts.Assign, tb *types.Var) *analysis.SuggestedFix {
	if !stdCreator(cr) {
		return nil
	}
	tempDir := tb.Name() + ".TempDir()"
	if cr.Kind == tempfacts.File {
		if !tempfacts.DefaultDir(c.pass.TypesInfo, cr.DirArg) {
			return nil
		}
		fix := fixclass.SafeFix(fmt.Sprintf("create the file in %s", tempDir),
			analysis.TextEdit{Pos: cr.DirArg.Pos(), End: cr.DirArg.End(), NewText: []byte(tempDir)})
		return &fix
	}
	as, ok := a.Stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 {
		return nil
	}
	tok := "="
	if as.Tok == token.DEFINE && c.pass.TypesInfo.Defs[a.Object] != nil {
		tok = ":="
	}
	edits := []analysis.TextEdit{{
		Pos: as.Pos(), End: as.End(),
		NewText: []byte(fmt.Sprintf("%s %s %s", a.Object.Name, tok, tempDir)),
	}}
	if a.Err != nil && a.Err.Name != "_" {
		// Remove the error check that follows, if it is the only use of
		// the error.
		check := c.followingErrCheck(as, a.Err)
		if check == nil {
			return nil
		}
		if as.Tok == token.DEFINE {
			errVar := c.res.Var(a.Err)
			for id, obj := range c.pass.TypesInfo.Uses {
				if obj == errVar && (id.Pos() < check.Pos() || id.Pos() >= check.End()) {
					return nil
				}
			}
		}
		// Delete the lines of the check.
		tf := c.pass.Fset.File(check.Pos())
		first, last := tf.Line(check.Pos()), tf.Line(check.End())
		if tf.Line(as.End()) == first || last >= tf.LineCount() {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: tf.LineStart(first), End: tf.LineStart(last + 1)})
	}
	removed := [][2]token.Pos{{as.Pos(), as.End()}}
	for _, e := range edits[1:] {
		removed = append(removed, [2]token.Pos{e.Pos, e.End}) // the error check
	}
	drop, ok := fiximport.Unused(c.pass.TypesInfo, c.pass.Fset, c.file, removed)
	if !ok {
		return nil
	}
	edits = append(edits, drop...)
	msg := fmt.Sprintf("use %s", tempDir)
	if !tempfacts.DefaultDir(c.pass.TypesInfo, cr.DirArg) {
		// The directory moves out of the parent the test chose (a
		// rename into it may now cross file systems).
		fix := fixclass.ChangesFix(msg, "the directory moves out of the parent directory the test chose, into the test's temp directory", edits...)
		return &fix
	}
	// Safe: nothing outlives the test that created it.
	fix := fixclass.SafeFix(msg, edits...)
	return &fix
}

// followingErrCheck returns the "if err != nil { ... }" statement right
// after as in its block, without init or else.
func (c *checker) followingErrCheck(as *ast.AssignStmt, errID *ast.Ident) *ast.IfStmt {
	ifs, ok := c.nextStmt(as).(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil {
		return nil
	}
	bin, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return nil
	}
	x, ok := bin.X.(*ast.Ident)
	if !ok || c.res.Var(x) != c.res.Var(errID) {
		return nil
	}
	if y, ok := bin.Y.(*ast.Ident); !ok || y.Name != "nil" {
		return nil
	}
	return ifs
}

// expectedToFail reports whether the creation stmt is in a test that
// expects it to fail: the next statement tests "err == nil" (alone or in a
// disjunction) and reports a test failure when it holds, or calls an
// assertion that fails the test when the error it is given is nil
// (require.Error(t, err), a helper of the test built on one: the
// failsTest fact of tempfacts).
func (c *checker) expectedToFail(stmt ast.Node, errVar *types.Var) bool {
	if errVar == nil {
		return false
	}
	next := c.nextStmt(stmt)
	if next == nil {
		return false
	}
	info := c.pass.TypesInfo
	if es, ok := next.(*ast.ExprStmt); ok {
		if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(c.res.FailsTestOnNil(call)).(*ast.Ident); ok && info.Uses[id] == errVar {
				return true
			}
		}
	}
	var isNilTest func(e ast.Expr) bool
	isNilTest = func(e ast.Expr) bool {
		bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		switch bin.Op {
		case token.LOR:
			return isNilTest(bin.X) || isNilTest(bin.Y)
		case token.EQL:
			x, y := ast.Unparen(bin.X), ast.Unparen(bin.Y)
			if id, ok := y.(*ast.Ident); ok && info.Uses[id] == errVar {
				x, y = y, x
			}
			id, ok := x.(*ast.Ident)
			if !ok || info.Uses[id] != errVar {
				return false
			}
			_, isNil := info.Uses[identOf(y)].(*types.Nil)
			return isNil
		}
		return false
	}
	found := false
	ast.Inspect(next, func(n ast.Node) bool {
		if found {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs != next || !isNilTest(ifs.Cond) {
			return false
		}
		ast.Inspect(ifs.Body, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok {
				if f, ok := typeutil.Callee(info, call).(*types.Func); ok && f.Pkg() != nil && f.Pkg().Path() == "testing" {
					switch f.Name() {
					case "Error", "Errorf", "Fatal", "Fatalf", "Fail", "FailNow":
						found = true
					}
				}
			}
			return !found
		})
		return !found
	})
	return found
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// inCallersDir reports whether the creation's parent directory is neither
// the default temp directory nor a shared temp location: a directory that
// a caller, a flag or a configuration chose.
func (c *checker) inCallersDir(cr *tempfacts.Creation) bool {
	return cr.OtherDir || c.res.OtherDir(cr.DirArg)
}

// nextStmt returns the statement after stmt in its block, or nil.
func (c *checker) nextStmt(stmt ast.Node) ast.Stmt {
	var next ast.Stmt
	ast.Inspect(c.file, func(n ast.Node) bool {
		if next != nil || n == nil || !(n.Pos() <= stmt.Pos() && stmt.End() <= n.End()) {
			return false
		}
		if s, ok := stmt.(ast.Stmt); ok {
			next = stmtlist.Next(n, s)
		}
		return true
	})
	return next
}

// deferredBefore returns a defer statement of fn, before the creation
// stmt, that removes the tracked object (through the variable the
// creation assigns): "var f *os.File; defer func() { ... os.Remove(f.Name()) }()",
// or a t.Cleanup registered there that does ("var name string;
// t.Cleanup(func() { os.Remove(name) })", name assigned f.Name() later).
func (c *checker) deferredBefore(fn ast.Node, stmt ast.Node, t *tempfacts.Tracker) ast.Node {
	var found ast.Node
	c.ownNodes(fn, func(n ast.Node) {
		if found != nil || n.End() > stmt.Pos() {
			return
		}
		switch n := n.(type) {
		case *ast.DeferStmt:
			if releasesIn(n, t) {
				found = n
			}
		case *ast.ExprStmt:
			// t.Cleanup(func() { os.Remove(name) }) registered before the
			// creation, removing a variable the object's name is
			// assigned to later: it runs when the test ends, as a defer.
			if call, ok := n.X.(*ast.CallExpr); ok && c.res.Registers(call) && releasesIn(n, t) {
				found = n
			}
		}
	})
	return found
}

// removedBefore reports whether fn removes the tracked object explicitly
// (not deferred) after the defer and before the exit call on every path on
// which the defer ran: in a statement of a block that holds the exit, ahead
// of the statement that holds it, or in an "if" on the same condition as
// the one that guards the defer ("if !keep { defer os.RemoveAll(dir) }"
// then "if !keep { os.RemoveAll(dir) }", as cmd/go's TestMain does). The
// author knew the exit skips the defer and removed it first. A removal on
// another branch does not count: the exit still skips the removal on its
// own path.
func (c *checker) removedBefore(fn ast.Node, deferred, exit ast.Node, t *tempfacts.Tracker) bool {
	guard := c.guardOf(fn, deferred)
	removes := func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.ExprStmt, *ast.AssignStmt:
			return releasesIn(s, t)
		case *ast.IfStmt:
			if guard == nil || s.Init != nil || s.Else != nil || types.ExprString(s.Cond) != types.ExprString(guard.Cond) {
				return false
			}
			return slices.ContainsFunc(s.Body.List, func(s ast.Stmt) bool {
				_, ok := s.(*ast.ExprStmt)
				return ok && releasesIn(s, t)
			})
		}
		return false
	}
	found := false
	c.ownNodes(fn, func(n ast.Node) {
		list, ok := stmtlist.Of(n)
		if found || !ok || !(n.Pos() <= exit.Pos() && exit.End() <= n.End()) {
			return
		}
		for _, s := range list {
			if s.Pos() <= exit.Pos() && exit.End() <= s.End() {
				return
			}
			if s.Pos() > deferred.End() && removes(s) {
				found = true
				return
			}
		}
	})
	return found
}

// guardOf returns the "if" without init whose body holds the statement s
// directly, or nil. An else branch does not matter: s runs only where the
// condition held ("if !*keep { defer removeAll(dir) } else { log the
// path }", as cmd/go's TestMain does).
func (c *checker) guardOf(fn ast.Node, s ast.Node) *ast.IfStmt {
	stmt, ok := s.(ast.Stmt)
	if !ok {
		return nil
	}
	var guard *ast.IfStmt
	c.ownNodes(fn, func(n ast.Node) {
		if is, ok := n.(*ast.IfStmt); ok && is.Init == nil && slices.Contains(is.Body.List, stmt) {
			guard = is
		}
	})
	return guard
}

// ownNodes calls f for the nodes of fn's body outside nested function
// literals.
func (c *checker) ownNodes(fn ast.Node, f func(ast.Node)) {
	body := funcBody(fn)
	if body == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		f(n)
		return true
	})
}

// releasesIn reports whether some node under n (closures included)
// removes the tracked object or registers its removal.
func releasesIn(n ast.Node, t *tempfacts.Tracker) bool {
	found := false
	ast.PreorderStack(n, nil, func(m ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		switch r, _ := t.Classify(m, stack); r {
		case tempfacts.Removed, tempfacts.Registered:
			found = true
		}
		return true
	})
	return found
}
