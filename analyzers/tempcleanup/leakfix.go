package tempcleanup

// Hints and fixes that remove a leaked temp object only where it leaks.
//
// "defer os.RemoveAll(dir)" right after the creation is the fix only when
// the object never outlives the function. When the function returns it,
// stores it or hands it to other code on its success path, that defer would
// delete what the caller was given (a built binary, a kept backup, a live
// socket's directory): the leak is on the other paths, and the fix must
// remove it there only. The shapes, in order of preference:
//
//   - every leaking path returns a non-nil error: a deferred removal
//     conditioned on the (named) error result, right after the creation's
//     error check;
//   - otherwise: the removal right before each leaking return or exit.
//
// Both are offered as suggested fixes when the edit is mechanical (the
// names resolve where the code goes, no declaration conflicts), and both
// change behaviour (the object is gone where it used to stay), so -fix
// leaves them to -fix=all.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/fiximport"
	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/stmtlist"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A leakHint is the advice for one leak report.
type leakHint struct {
	msg, fix string // the report's two halves: what is wrong, what to do
	fixes    []analysis.SuggestedFix
	// related, when set, replaces the report's related information: the
	// place the object is kept and every exit that leaks it. Positions
	// go there, not into the message, so that baselines and SARIF
	// fingerprints (which hash the message) survive line shifts.
	related []analysis.RelatedInformation
}

// removalHint returns the advice for a temp object that is not removed on
// every path, from what the analysis found: the nodes where the object
// outlives the function (t.Classify) and the exits that leak it (leaks).
// msg and fix are the report's default wording, kept when the object never
// outlives the function.
func (c *checker) removalHint(fn ast.Node, cr *tempfacts.Creation, a *tempfacts.Assign, name string,
	t *tempfacts.Tracker, leaks []pathflow.Leak, msg, fix string, never bool) leakHint {
	removal, id, ok := c.removalCall(cr, a)
	kept := withoutNodes(keptAt(funcBody(fn), t), c.unmountedHere(fn, a)) // localmount.go
	kept = c.afterDeferredRemoval(fn, a, t, kept)                         // afterdefer.go
	if len(kept) == 0 {
		h := leakHint{msg: msg, fix: fix}
		if ok {
			if f, ok := c.deferFix(fn, a, "defer "+removal); ok {
				h.fixes = append(h.fixes, f)
			}
		}
		return h
	}
	exits := leakingExits(leaks)
	h := leakHint{
		msg: fmt.Sprintf("%s from %s is %s but not removed on %s, so it stays on disk there",
			what(cr, name), c.calleeName(cr), keptHow(kept[0], t), countExits(exits)),
	}
	if never {
		h.msg = fmt.Sprintf("%s from %s is %s but not removed on any path, so it stays on disk",
			what(cr, name), c.calleeName(cr), keptHow(kept[0], t))
	}
	if len(exits) > 0 {
		h.related = append(h.related, analysis.RelatedInformation{Pos: kept[0].Pos(), End: kept[0].End(),
			Message: keptHow(kept[0], t) + " here"})
		for _, l := range exits {
			h.related = append(h.related, related(l)...)
		}
	}
	if !ok {
		h.fix = "remove it there only"
		return h
	}
	errName, named, errOK := c.errorResult(fn)
	// A removal deferred on the error result would also run at a return
	// whose error shows the object to the user (recoveryerror.go in
	// tempfacts): it must be removed at the leaking exits only.
	allErr := errOK && allErrorReturns(c.pass.TypesInfo, exits) && !shownByReturn(kept, t)
	if use := firstInUse(kept, t); !allErr && use.IsValid() {
		// Something that cannot remove it still uses it after a
		// leaking exit (a socket bound inside it, a path inside it
		// kept by a taker): no removal at such an exit is right. An
		// exit that comes before the object is put in use (in source
		// order) is an ordinary leak: removing it there is right.
		before := 0
		for _, l := range exits {
			if comesBefore(funcBody(fn), l.Node, use) {
				before++
			}
		}
		switch {
		case before == 0 && insideReturned(kept, t):
			h.fix = "return the directory too, or a function that removes it, so that the caller can remove it once done with the path"
			return h
		case before == 0:
			h.fix = "remove it once what uses it is done, not at these exits"
			return h
		case before < len(exits):
			h.fix = "remove it at the exits reached before it is put in use, and once what uses it is done after that"
			return h
		}
	}
	// The name must mean the result where the defer goes, right after
	// the creation's error check.
	at := cr.Call.End()
	if a.Stmt != nil {
		at = a.Stmt.End()
	}
	if allErr && !named {
		errName = c.resultName(fn, at)
		allErr = errName != ""
	} else if allErr && !c.errNameHolds(fn, errName, true, at) {
		allErr = false // the named result is shadowed there
	}
	if allErr {
		cond := fmt.Sprintf("defer func() { if %s != nil { %s } }()", errName, removal)
		if named {
			h.fix = "remove it there only: " + cond
		} else {
			h.fix = fmt.Sprintf("remove it there only: name the error result %s and %s", errName, cond)
		}
		if a.Creation.Into != nil && inLoop(fn, a.Stmt) {
			// visit(&name) in a loop: one deferred function, which reads
			// the variable when it runs, covers every call.
			h.fix += fmt.Sprintf(" before the loop that calls %s", c.calleeName(cr))
		} else {
			h.fix += afterCreation(a)
		}
		if f, ok := c.deferFix(fn, a, cond); ok && c.errNameHolds(fn, errName, named, f.TextEdits[len(f.TextEdits)-1].Pos) {
			if !named {
				edits, ok := c.nameResults(fn, errName)
				if !ok {
					return h
				}
				f.TextEdits = append(f.TextEdits, edits...)
			}
			h.fixes = append(h.fixes, f)
		}
		return h
	}
	h.fix = fmt.Sprintf("remove it there only: call %s before each leaking exit", removal)
	if handedOn(kept, t) {
		// Handed to other code or shown to the user, and exits that
		// are not error returns: an exit after the hand-off may leave
		// what that code made in it (u-root's bootvars resolves boot
		// paths by mounting a partition inside its temp directory, and
		// RemoveAll before the next log.Fatal would empty the
		// partition) or what the user was told to use (tinygobb's
		// built binary). Which exits are safe is for a person to say.
		handOff := firstHandOff(kept, t)
		before, inLoop := 0, false
		for _, l := range exits {
			if comesBefore(funcBody(fn), l.Node, handOff) {
				before++
			} else if l.Node.Pos() < handOff {
				inLoop = true // earlier in the source, but in the loop that hands it off
			}
		}
		if before == 0 && inLoop {
			// Every leaking exit is reached after the hand-off: later
			// in the body, or in the loop that hands it off, on a
			// later iteration (u-root's bootvars: a log.Fatal in the
			// loop whose Resolve mounted a partition in the temp dir
			// on the iteration before).
			h.fix = "do not remove it at these exits: some path reaches them after it is " + keptHow(kept[0], t) +
				" (a later iteration of a loop), and what it was given to may still use it; remove it once that is done"
			return h
		}
		h.fix += " that comes before it is " + keptHow(kept[0], t)
		if inLoop {
			h.fix += " (an exit in the loop that hands it off comes after that on the next iteration)"
		}
		return h
	}
	if f, ok := c.removeAtExits(fn, a, removal, id, exits); ok {
		h.fixes = append(h.fixes, f)
	}
	return h
}

// keptAt returns the nodes of body (closures included) where the tracked
// object outlives the function: returned, stored, passed to code that may
// keep it, shown to the user. A rename is not one: the old name then names
// nothing, and removing it is harmless.
func keptAt(body *ast.BlockStmt, t *tempfacts.Tracker) []ast.Node {
	if body == nil {
		return nil
	}
	var kept []ast.Node
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch r, _ := t.Classify(n, stack); r {
		case tempfacts.Returned, tempfacts.Stored, tempfacts.Escaped, tempfacts.Shown, tempfacts.Kept:
			kept = append(kept, n)
			return false
		}
		return true
	})
	return kept
}

// shownByReturn reports whether one of the kept nodes is a return that
// shows the object to the user (an error value that names it for
// recovery).
func shownByReturn(kept []ast.Node, t *tempfacts.Tracker) bool {
	for _, n := range kept {
		if _, ok := n.(*ast.ReturnStmt); ok {
			if r, _ := t.Classify(n, nil); r == tempfacts.Shown {
				return true
			}
		}
	}
	return false
}

// handedOn reports whether one of the kept nodes hands the object to
// other code or shows it to the user while the function goes on.
func handedOn(kept []ast.Node, t *tempfacts.Tracker) bool {
	for _, n := range kept {
		if r, _ := t.Classify(n, nil); r == tempfacts.Escaped || r == tempfacts.Shown {
			return true
		}
	}
	return false
}

// firstHandOff returns the position of the first kept node that hands the
// object to other code or shows it to the user.
func firstHandOff(kept []ast.Node, t *tempfacts.Tracker) token.Pos {
	first := token.NoPos
	for _, n := range kept {
		if r, _ := t.Classify(n, nil); (r == tempfacts.Escaped || r == tempfacts.Shown) && (!first.IsValid() || n.Pos() < first) {
			first = n.Pos()
		}
	}
	return first
}

// comesBefore reports whether the exit is reached only before pos on
// every path: it comes earlier in the source, and no loop of body holds
// both (a later iteration would reach the exit after pos).
func comesBefore(body *ast.BlockStmt, exit ast.Node, pos token.Pos) bool {
	if !pos.IsValid() || exit.Pos() >= pos {
		return false
	}
	shared := false
	ast.Inspect(body, func(n ast.Node) bool {
		if shared || n == nil {
			return false
		}
		var loopBody *ast.BlockStmt
		switch l := n.(type) {
		case *ast.ForStmt:
			loopBody = l.Body
		case *ast.RangeStmt:
			loopBody = l.Body
		}
		if loopBody != nil && loopBody.Pos() <= exit.Pos() && exit.End() <= loopBody.End() && loopBody.Pos() <= pos && pos < loopBody.End() {
			shared = true
		}
		return !shared
	})
	return !shared
}

// firstInUse returns the position of the first kept node that keeps the
// object in use without handing it off (tempfacts.Kept), or token.NoPos.
func firstInUse(kept []ast.Node, t *tempfacts.Tracker) token.Pos {
	first := token.NoPos
	for _, n := range kept {
		if r, _ := t.Classify(n, nil); r == tempfacts.Kept && (!first.IsValid() || n.Pos() < first) {
			first = n.Pos()
		}
	}
	return first
}

// insideReturned reports whether the first node that keeps the object in
// use is a return of a path inside it (insideresult.go in tempfacts): the
// caller holds the path, and only the function can give it the object.
func insideReturned(kept []ast.Node, t *tempfacts.Tracker) bool {
	use := firstInUse(kept, t)
	for _, n := range kept {
		if ret, ok := n.(*ast.ReturnStmt); ok && n.Pos() == use && t.ReturnsInsideOnly(ret) {
			return true
		}
	}
	return false
}

// keptHow says how the object outlives the function at n.
func keptHow(n ast.Node, t *tempfacts.Tracker) string {
	switch r, _ := t.Classify(n, nil); r {
	case tempfacts.Returned:
		return "returned to the caller"
	case tempfacts.Stored:
		return "stored for later"
	case tempfacts.Escaped:
		return "handed to other code"
	case tempfacts.Shown:
		return "shown to the user"
	case tempfacts.Kept:
		if ret, ok := n.(*ast.ReturnStmt); ok && t.ReturnsInsideOnly(ret) {
			return "returned to the caller only as a path inside it"
		}
		return "still in use when the function returns"
	}
	return "kept"
}

// leakingExits returns the leaks that leave the function (returns, calls
// that do not return) in source order; nil if some leak is of another kind
// (a loop's next iteration), which no removal at an exit fixes.
func leakingExits(leaks []pathflow.Leak) []pathflow.Leak {
	var exits []pathflow.Leak
	for _, l := range leaks {
		switch l.Kind {
		case pathflow.Panic:
		case pathflow.Return, pathflow.ProcessExit, pathflow.Goexit:
			if l.Kind == pathflow.ProcessExit && l.Deferred != nil {
				continue // reported on its own
			}
			exits = append(exits, l)
		default:
			return nil
		}
	}
	sort.Slice(exits, func(i, j int) bool { return exits[i].Node.Pos() < exits[j].Node.Pos() })
	return exits
}

// countExits names the leaking exits without their positions (those are
// related information): "the return that leaks it", "the 2 returns that
// leak it".
func countExits(exits []pathflow.Leak) string {
	returns := 0
	for _, l := range exits {
		if l.Kind == pathflow.Return {
			returns++
		}
	}
	switch {
	case len(exits) == 0:
		return "the paths shown"
	case len(exits) == 1 && returns == 1:
		return "the return that leaks it"
	case len(exits) == 1:
		return "the exit that leaks it"
	case returns == len(exits):
		return fmt.Sprintf("the %d returns that leak it", returns)
	}
	return fmt.Sprintf("the %d exits that leak it", len(exits))
}

// removalCall returns the call that removes the object, written with the
// variable the creation assigned, and that variable: "os.RemoveAll(dir)",
// "os.Remove(f.Name())", "cleanup()".
func (c *checker) removalCall(cr *tempfacts.Creation, a *tempfacts.Assign) (string, *ast.Ident, bool) {
	if a.Cleanup != nil && a.Cleanup.Name != "_" {
		return a.Cleanup.Name + "()", a.Cleanup, true
	}
	if a.Name != nil {
		// A creator's own loop over random names: the file is known by
		// the name it was created at.
		return fmt.Sprintf("os.Remove(%s)", a.Name.Name), a.Name, true
	}
	if a.Object == nil || a.Object.Name == "_" {
		return "", nil, false
	}
	v := c.res.Var(a.Object)
	if v == nil {
		return "", nil, false
	}
	switch {
	case cr.Kind == tempfacts.Dir:
		return fmt.Sprintf("os.RemoveAll(%s)", a.Object.Name), a.Object, isString(v.Type())
	case isString(v.Type()):
		return fmt.Sprintf("os.Remove(%s)", a.Object.Name), a.Object, true
	}
	if sel := types.NewMethodSet(v.Type()).Lookup(nil, "Name"); sel != nil {
		if sig, ok := sel.Type().(*types.Signature); ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && isString(sig.Results().At(0).Type()) {
			return fmt.Sprintf("os.Remove(%s.Name())", a.Object.Name), a.Object, true
		}
	}
	return "", nil, false
}

// errNameHolds reports whether, at pos, errName means the error result
// (named) or the variable of the function's outermost block that will
// become it (or nothing yet): a deferred closure inserted there then tests
// what the function returns.
func (c *checker) errNameHolds(fn ast.Node, errName string, named bool, pos token.Pos) bool {
	ft := funcType(fn)
	fscope := c.pass.TypesInfo.Scopes[ft]
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if fscope == nil || scope == nil {
		return false
	}
	_, obj := scope.LookupParent(errName, pos)
	if named {
		return obj != nil && obj == fscope.Lookup(errName) && obj.Pos() < funcBody(fn).Pos()
	}
	return obj == nil || obj == fscope.Lookup(errName)
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

func funcBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

func funcType(fn ast.Node) *ast.FuncType {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Type
	case *ast.FuncLit:
		return fn.Type
	}
	return nil
}

// errorResult returns the name of the function's last result if it is an
// error: its name and true when it is named, "err" and false when the
// results are unnamed (and can be named: no other "err" stands in the way).
func (c *checker) errorResult(fn ast.Node) (string, bool, bool) {
	ft := funcType(fn)
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return "", false, false
	}
	last := ft.Results.List[len(ft.Results.List)-1]
	if tv, ok := c.pass.TypesInfo.Types[last.Type]; !ok || !isErrorType(tv.Type) {
		return "", false, false
	}
	if len(last.Names) > 0 {
		n := last.Names[len(last.Names)-1].Name
		return n, n != "_", n != "_"
	}
	return "err", false, true
}

// allErrorReturns reports whether every exit is a return whose error (its
// last result) is not the literal nil: a deferred removal conditioned on
// the error covers them all.
func allErrorReturns(info *types.Info, exits []pathflow.Leak) bool {
	if len(exits) == 0 {
		return false
	}
	for _, l := range exits {
		ret, ok := l.Node.(*ast.ReturnStmt)
		if !ok || l.Kind != pathflow.Return || len(ret.Results) == 0 {
			return false // an exit call, an implicit or naked return
		}
		last := ast.Unparen(ret.Results[len(ret.Results)-1])
		if id, ok := last.(*ast.Ident); ok {
			if _, isNil := info.Uses[id].(*types.Nil); isNil {
				return false
			}
		}
	}
	return true
}

// deferFix returns the fix that inserts stmt after the creation's error
// check ("if err != nil { ... }" right after it), or right after the
// creation when it has no error: only where the variables that stmt uses
// still mean the object when the function exits (they are not assigned
// again).
func (c *checker) deferFix(fn ast.Node, a *tempfacts.Assign, stmt string) (analysis.SuggestedFix, bool) {
	as, ok := a.Stmt.(*ast.AssignStmt)
	if !ok || a.Name != nil {
		// A creation inside a creator's own loop: the removal belongs
		// after the loop, which the hint says in words.
		return analysis.SuggestedFix{}, false
	}
	var after ast.Stmt = as
	if a.Err != nil && a.Err.Name != "_" {
		check := c.followingErrCheck(as, a.Err)
		if check == nil {
			return analysis.SuggestedFix{}, false
		}
		after = check
	}
	if !containsStmt(funcBody(fn), after) {
		return analysis.SuggestedFix{}, false
	}
	if !c.assignedOnce(fn, a) {
		return analysis.SuggestedFix{}, false
	}
	edits, ok := c.osImport(as.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	indent := c.indentOf(as.Pos())
	edits = append(edits, analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte("\n" + indent + stmt)})
	return fixclass.ChangesFix(strings.TrimPrefix(stmt, "defer ")+" when the function returns", fixclass.AddsRemoval, edits...), true
}

// assignedOnce reports whether the variables of the creation (the object
// and its cleanup) are assigned nowhere but there and have their address
// taken nowhere.
func (c *checker) assignedOnce(fn ast.Node, a *tempfacts.Assign) bool {
	info := c.pass.TypesInfo
	vars := make(map[*types.Var]bool)
	for _, id := range []*ast.Ident{a.Object, a.Cleanup} {
		if id != nil && id.Name != "_" {
			if v := c.res.Var(id); v != nil {
				vars[v] = true
			}
		}
	}
	ok := true
	ast.Inspect(funcBody(fn), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if ast.Node(n) == a.Stmt {
				return true
			}
			for _, l := range n.Lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && vars[asVar(info.ObjectOf(id))] {
					ok = false
				}
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND && vars[asVar(info.Uses[id])] {
				ok = false
			}
		}
		return ok
	})
	return ok
}

func asVar(o types.Object) *types.Var {
	v, _ := o.(*types.Var)
	return v
}

// osImport returns the edits that import os if the file lacks it, as long
// as "os" at pos means the os package.
func (c *checker) osImport(pos token.Pos) ([]analysis.TextEdit, bool) {
	name, edits, ok := fiximport.Name(c.pass.TypesInfo, c.file, pos, "os")
	return edits, ok && name == "os"
}

// indentOf returns the indentation gofmt gives a statement starting at
// pos: a tab per enclosing block or case body. It is computed from the
// syntax, not read from the file (nogo forbids reading it); the driver
// formats the fixed file anyway.
func (c *checker) indentOf(pos token.Pos) string {
	path, _ := astutil.PathEnclosingInterval(c.file, pos, pos)
	depth := 0
	for i, n := range path {
		switch n := n.(type) {
		case *ast.BlockStmt:
			if pos == n.Rbrace || pos == n.Lbrace {
				continue
			}
			if i+1 < len(path) {
				switch path[i+1].(type) {
				case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
					continue // case labels sit at the switch's depth
				}
			}
			depth++
		case *ast.CaseClause:
			if pos > n.Colon {
				depth++
			}
		case *ast.CommClause:
			if pos > n.Colon {
				depth++
			}
		}
	}
	return strings.Repeat("\t", depth)
}

// nameResults returns the edits that name the function's unnamed results
// "_ T1, _ T2, errName error", when errName is free for a result: it is
// declared nowhere in the function's outermost block, or only by a ":="
// that also declares another variable and gives it the type error, which
// then becomes the result (so the function still compiles); and it means
// that variable wherever the function body uses it at the top level.
func (c *checker) nameResults(fn ast.Node, errName string) ([]analysis.TextEdit, bool) {
	if !c.canNameResult(fn, errName) {
		return nil, false
	}
	ft := funcType(fn)
	res := ft.Results
	var edits []analysis.TextEdit
	if !res.Opening.IsValid() {
		// func f() error → func f() (err error)
		edits = append(edits,
			analysis.TextEdit{Pos: res.List[0].Type.Pos(), End: res.List[0].Type.Pos(), NewText: []byte("(" + errName + " ")},
			analysis.TextEdit{Pos: res.List[0].Type.End(), End: res.List[0].Type.End(), NewText: []byte(")")})
		return edits, true
	}
	for i, f := range res.List {
		if len(f.Names) > 0 {
			return nil, false
		}
		n := "_ "
		if i == len(res.List)-1 {
			n = errName + " "
		}
		edits = append(edits, analysis.TextEdit{Pos: f.Type.Pos(), End: f.Type.Pos(), NewText: []byte(n)})
	}
	return edits, true
}

// canNameResult reports whether the function's unnamed error result can
// take the name errName: nothing of the function's own scope (its
// parameters and the body's top-level declarations, one scope in Go) has
// that name, or only an error variable declared by a := that declares
// another new variable too (which then assigns the result).
func (c *checker) canNameResult(fn ast.Node, errName string) bool {
	ft := funcType(fn)
	info := c.pass.TypesInfo
	scope := info.Scopes[ft]
	if scope == nil {
		return false
	}
	if obj := scope.Lookup(errName); obj != nil {
		v, ok := obj.(*types.Var)
		if !ok || !isErrorType(v.Type()) {
			return false
		}
		// Find its declaration: a := with another new variable.
		declOK := false
		ast.Inspect(funcBody(fn), func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE {
				return true
			}
			declares, others := false, false
			for _, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok || info.Defs[id] == nil {
					continue
				}
				if info.Defs[id] == obj {
					declares = true
				} else {
					others = true
				}
			}
			if declares {
				declOK = others
				return false
			}
			return true
		})
		if !declOK {
			return false // a parameter, a var declaration, or err := alone
		}
	}
	return true
}

// resultName returns the name to give the function's unnamed error result
// for a deferred removal placed at pos: "err" when that name can be given
// and means the result at pos, else "retErr" on the same terms (an inner
// err shadows the result where the defer goes, or "_, err := f()" at the
// top would no longer compile), else "".
func (c *checker) resultName(fn ast.Node, pos token.Pos) string {
	for _, name := range []string{"err", "retErr"} {
		if c.canNameResult(fn, name) && c.errNameHolds(fn, name, false, pos) {
			return name
		}
	}
	return ""
}

// removeAtExits returns the fix that calls removal right before each
// leaking exit: only when each is a statement in a block (or the end of the
// body), the object's variable means the object there, and the values it
// returns call nothing that could still use the object (only fmt and
// errors functions).
func (c *checker) removeAtExits(fn ast.Node, a *tempfacts.Assign, removal string, id *ast.Ident, exits []pathflow.Leak) (analysis.SuggestedFix, bool) {
	if len(exits) == 0 || !c.assignedOnce(fn, a) {
		return analysis.SuggestedFix{}, false
	}
	body := funcBody(fn)
	info := c.pass.TypesInfo
	var edits []analysis.TextEdit
	if strings.HasPrefix(removal, "os.") {
		var ok bool
		if edits, ok = c.osImport(a.Stmt.Pos()); !ok {
			return analysis.SuggestedFix{}, false
		}
	}
	for _, l := range exits {
		var stmt ast.Node
		var pos token.Pos
		switch n := l.Node.(type) {
		case *ast.ReturnStmt:
			if n.Pos() == body.Rbrace && !containsStmt(body, n) {
				pos = body.Rbrace // the end of the body
			} else {
				if !containsStmt(body, n) || !onlyHarmlessCalls(info, n.Results) {
					return analysis.SuggestedFix{}, false
				}
				stmt, pos = n, n.Pos()
			}
		case *ast.CallExpr:
			es := enclosingExprStmt(body, n)
			if es == nil || !onlyHarmlessCalls(info, n.Args) {
				return analysis.SuggestedFix{}, false
			}
			stmt, pos = es, es.Pos()
		default:
			return analysis.SuggestedFix{}, false
		}
		scope := c.pass.Pkg.Scope().Innermost(pos)
		if scope == nil {
			return analysis.SuggestedFix{}, false
		}
		if _, obj := scope.LookupParent(id.Name, pos); obj == nil || obj != types.Object(c.res.Var(id)) {
			return analysis.SuggestedFix{}, false
		}
		var text string
		if stmt == nil {
			text = "\t" + removal + "\n" + c.indentOf(body.Rbrace)
		} else {
			text = removal + "\n" + c.indentOf(stmt.Pos())
		}
		edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	}
	return fixclass.ChangesFix(fmt.Sprintf("call %s before each exit that leaks it", removal), fixclass.AddsRemoval, edits...), true
}

// containsStmt reports whether stmt is a statement of some block or clause
// of body, outside nested function literals.
func containsStmt(body *ast.BlockStmt, stmt ast.Stmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		list, _ := stmtlist.Of(n)
		for _, s := range list {
			if s == stmt {
				found = true
			}
		}
		return true
	})
	return found
}

// enclosingExprStmt returns the statement "call" in a block of body.
func enclosingExprStmt(body *ast.BlockStmt, call *ast.CallExpr) *ast.ExprStmt {
	var es *ast.ExprStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.ExprStmt); ok && ast.Unparen(s.X) == ast.Expr(call) && containsStmt(body, s) {
			es = s
		}
		return es == nil
	})
	return es
}

// onlyHarmlessCalls reports whether the expressions call no function but
// those of fmt and errors and (*os.File).Name, which format the object's
// name but do not touch the file system.
func onlyHarmlessCalls(info *types.Info, es []ast.Expr) bool {
	ok := true
	for _, e := range es {
		ast.Inspect(e, func(n ast.Node) bool {
			call, isCall := n.(*ast.CallExpr)
			if !isCall || !ok {
				return ok
			}
			if tv, has := info.Types[call.Fun]; has && tv.IsType() {
				return true // a conversion
			}
			fn, _ := typeutil.Callee(info, call).(*types.Func)
			switch {
			case fn == nil || fn.Pkg() == nil:
				ok = false
			case fn.Pkg().Path() == "fmt", fn.Pkg().Path() == "errors":
			case fn.Pkg().Path() == "os" && fn.Name() == "Name": // (*os.File).Name
			default:
				ok = false
			}
			return ok
		})
	}
	return ok
}

// afterCreation says where the removal goes: right after the error check
// of the creation, or, for a creator's own loop over random names, after
// the loop (inside it, the defer would run for every try).
func afterCreation(a *tempfacts.Assign) string {
	switch {
	case a.Name != nil:
		return " after the loop that creates it"
	case a.Err != nil && a.Err.Name != "_":
		return " right after the error check"
	}
	return ""
}

// inLoop reports whether the statement lies in a loop of the function fn
// (not of a function literal inside it).
func inLoop(fn ast.Node, stmt ast.Node) bool {
	found := false
	ast.PreorderStack(funcBody(fn), nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		if n != stmt {
			_, lit := n.(*ast.FuncLit)
			return !lit
		}
		for _, s := range stack {
			switch s.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				found = true
			}
		}
		return false
	})
	return found
}
