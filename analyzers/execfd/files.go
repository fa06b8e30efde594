package execfd

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/internal/stmtlist"
)

// sortedCmds returns the commands in source order.
func (fn *fun) sortedCmds() []*command {
	var cmds []*command
	for _, c := range fn.cmds {
		cmds = append(cmds, c)
	}
	slices.SortFunc(cmds, func(a, b *command) int { return cmp.Compare(a.v.Pos(), b.v.Pos()) })
	return cmds
}

// A handoff is a file handed to a child by one start.
type handoff struct {
	f     *file
	start *ast.CallExpr
	what  string // "Start", "Run", "os.StartProcess", ...
	// process is set for a start by a process starter, whose what is
	// the starter as written (starter.go).
	process bool
	// cmd is the command the file is handed to, nil for a process
	// starter.
	cmd *command
}

// checkFiles reports the files handed to a child that the parent does not
// close after the start.
func (fn *fun) checkFiles() {
	info := fn.info()
	var hs []handoff
	for _, cmd := range fn.sortedCmds() {
		for _, start := range slices.Concat(cmd.starts, cmd.takerStarts) {
			g := cmd.gen(start.Pos())
			var given []ast.Expr
			inLoop := false
			for _, field := range []string{"Stdin", "Stdout", "Stderr", "ExtraFiles"} {
				for _, v := range cmd.fields[field] {
					if cmd.gen(v.Pos()) != g {
						continue // set on another command held by the same variable
					}
					if field == "ExtraFiles" && fn.loopWithout(v, start) && len(fn.filesIn(sliceElems(info, v))) > 0 {
						inLoop = true // each iteration's file: followed as the slice's elements
					} else if field == "ExtraFiles" {
						given = append(given, sliceElems(info, v)...)
					} else {
						given = append(given, v)
					}
				}
			}
			for _, f := range fn.filesIn(given) {
				if !fn.reaches(f.create, start) {
					continue // started on a path where the file does not exist
				}
				hs = append(hs, handoff{f: f, start: start, what: cmd.startNames[start], cmd: cmd})
			}
			if inLoop {
				fn.checkExtraFilesLoop(cmd, start, g)
			}
		}
	}
	for _, p := range fn.procs {
		for _, f := range fn.filesIn(p.files) {
			hs = append(hs, handoff{f: f, start: p.call, what: p.name, process: true})
		}
	}
	hs = append(hs, fn.startHelperHandoffs()...) // helperstart.go
	done := make(map[*file]bool)
	for _, h := range hs {
		if !done[h.f] && fn.checkHandoff(h) {
			done[h.f] = true
		}
	}
}

// filesIn returns the files created in the function among the expressions.
func (fn *fun) filesIn(es []ast.Expr) []*file {
	var fs []*file
	for _, e := range es {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := fn.info().Uses[id].(*types.Var); ok && fn.files[v] != nil && !slices.Contains(fs, fn.files[v]) {
				fs = append(fs, fn.files[v])
			}
		}
	}
	return fs
}

// checkHandoff follows the paths after one start and reports whether it
// found a problem.
func (fn *fun) checkHandoff(h handoff) bool {
	if h.cmd != nil && fn.closesFilesOf(h.start, h.cmd.v) {
		return false // proc.Start(cmd): the start closes the parent's copies
	}
	path, _ := astutil.PathEnclosingInterval(fn.file, h.start.Pos(), h.start.End())
	var errVar *types.Var
	if h.what == "Start" || h.process {
		errVar = fn.errOf(h.start, path)
	}
	// A file kept in a local slice is released with the slice's
	// elements: a loop that closes them, the slice handed to a function
	// that may close them, returned or stored.
	cols := fn.fileSlices(h.f.v)
	released := make(map[ast.Node]bool)
	for _, col := range cols {
		for n := range fn.releases(col) {
			released[n] = true
		}
	}
	release := fn.fileRelease(h.f.v, cols)
	q := &pathflow.Query{
		Info:     fn.info(),
		CFG:      fn.cfg,
		Creation: h.start,
		Err:      errVar,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			if released[n] {
				return pathflow.Action{Effect: pathflow.Released}
			}
			if call, ok := n.(*ast.CallExpr); ok && h.cmd != nil && fn.closesFilesOf(call, h.cmd.v) {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return release(n, stack)
		},

		ErrPredicate: fn.c.pred.Arg, Table: fn.c.table,
		// Where the file's variable is nil ("if r != nil { r.Close() }")
		// there is no descriptor to close.
		Obj: h.f.v,
	}
	// A file created under "if owned" exists only where owned is true
	// (guardedfile.go).
	q.Absent, q.AbsentWhen = fn.creationGuard(h.f.create)
	fn.deferRelease(q, h.start.Pos(), released)
	if fn.aliasedBefore(h.f.v, h.start) {
		return false // closed, if at all, through another name
	}
	name := h.f.v.Name()
	startName := h.what
	fix := fn.closeFix(h, path, errVar)

	// The parent reads the other end of the pipe: the write end must be
	// closed before that, and a deferred Close is too late.
	if h.f.write && h.f.partner != nil {
		r := h.f.partner
		sinks := pathflow.Reaches(q, func(n ast.Node) bool { return fn.readsPipe(n, r) })
		if len(sinks) > 0 {
			// A read bounded by a deadline does not hang: it ends at the
			// deadline with an error instead of EOF.
			harm := fmt.Sprintf("the reader of %s never sees EOF and blocks forever", r.Name())
			readNote := "the read that never sees EOF"
			if !fn.readsToEOF(sinks[0], r) {
				readNote = "the read that blocks if the child exits first"
				// A read of a given size or up to a delimiter returns
				// when the child has written it; it hangs only if the
				// child exits first.
				harm = fmt.Sprintf("if the child exits before writing what the read of %s waits for, the read blocks forever instead of seeing EOF", r.Name())
			}
			if fn.deadlineBefore(r, sinks[0]) {
				readNote = "the read that ends only at its deadline"
				harm = fmt.Sprintf("the read of %s sees no EOF when the child exits and fails only at its deadline", r.Name())
			}
			fn.c.r.Report(analysis.Diagnostic{
				Pos: h.start.Pos(), End: h.start.End(),
				Message: fmt.Sprintf("the parent still holds %s, the write end of the pipe handed to the child, when it reads %s: %s (a deferred Close runs too late); close %s right after %s",
					name, r.Name(), harm, name, startName),
				Related:        related(sinks[0], readNote),
				SuggestedFixes: fix,
			})
			return true
		}
	}
	if fn.deferredCloseBefore(h.f.v, h.start) || fn.isMain() {
		return false
	}
	// A return that ends the program right after (an error return to a
	// main that exits, endsprogram.go) keeps the copy only until the
	// process ends: strict-only, unless another return leaks.
	var leak, endLeak ast.Node
	for _, l := range pathflow.Leaks(q) {
		if l.Kind != pathflow.Return {
			continue
		}
		if ret, ok := l.Node.(*ast.ReturnStmt); ok && fn.endsProgram(ret) {
			if endLeak == nil {
				endLeak = ret
			}
			continue
		}
		leak = l.Node
		break
	}
	report := fn.c.r.Report
	if leak == nil {
		if endLeak == nil {
			return false
		}
		leak, report = endLeak, fn.c.r.ReportStrict
	}
	// In a test, a copy that no read of the function waits on is a
	// descriptor held until the test binary exits, like a killed child
	// (testkill.go): strict-only.
	if fn.inTestCode() {
		report = fn.c.r.ReportStrict
	}
	why := "the parent keeps its copy of the descriptor open"
	if h.f.write && h.f.partner != nil && !fn.closedBefore(h.f.partner, h.start) {
		why = fmt.Sprintf("the reader of %s never sees EOF while the parent keeps its copy", h.f.partner.Name())
	}
	hint := fmt.Sprintf("close %s right after %s", name, startName)
	if other := fn.otherValue(h.f.v, h.f.create); other != nil { // sharedholder.go
		hint = fmt.Sprintf("close %s right after %s on the paths where this function opened it, not where it holds %s", name, startName, types.ExprString(other))
		fix = nil
	}
	report(analysis.Diagnostic{
		Pos: h.start.Pos(), End: h.start.End(),
		Message: fmt.Sprintf("%s is handed to the child but the parent does not close it after %s on some path: %s; %s",
			name, startName, why, hint),
		Related:        related(leak, "this return leaves "+name+" open"),
		SuggestedFixes: fix,
	})
	return true
}

func related(n ast.Node, msg string) []analysis.RelatedInformation {
	return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.End(), Message: msg}}
}

// errOf returns the error variable assigned from the call, as in
// "err := cmd.Start()" or "p, err := os.StartProcess(...)".
func (fn *fun) errOf(call *ast.CallExpr, path []ast.Node) *types.Var {
	for i, n := range path {
		if n != call {
			continue
		}
		if i+1 < len(path) {
			if as, ok := path[i+1].(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
				last := as.Lhs[len(as.Lhs)-1]
				if id, ok := last.(*ast.Ident); ok {
					v, _ := fn.info().Defs[id].(*types.Var)
					if v == nil {
						v, _ = fn.info().Uses[id].(*types.Var)
					}
					if v != nil && isErrorType(v.Type()) {
						return v
					}
				}
			}
		}
		break
	}
	return nil
}

// fileRelease is the release predicate of a file: its Close, or a hand-off
// to other code. Appending it to one of the collections is not a hand-off.
func (fn *fun) fileRelease(v *types.Var, cols []*collection) func(n ast.Node, stack []ast.Node) pathflow.Action {
	info := fn.info()
	released := pathflow.Action{Effect: pathflow.Released}
	return func(n ast.Node, stack []ast.Node) pathflow.Action {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && isVar(info, sel.X, v) {
				return released
			}
		case *ast.Ident:
			if info.Uses[n] != v || len(stack) == 0 {
				break
			}
			if !fn.appendedInto(n, cols) && fn.escapes(n, stack) {
				return released
			}
		}
		return pathflow.Action{}
	}
}

// closesFilesOf reports whether the call passes the command v to a
// function that closes the files the command hands to its child.
func (fn *fun) closesFilesOf(call *ast.CallExpr, v *types.Var) bool {
	for _, a := range call.Args {
		if isVar(fn.info(), a, v) {
			if u, ok := fn.c.argUse(call, a); ok && u&useClosesFiles != 0 {
				return true
			}
		}
	}
	return false
}

func isVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// escapes reports whether the use id of a file hands it to other code:
// returned, stored, sent, or passed to a function that may close it.
func (fn *fun) escapes(id *ast.Ident, stack []ast.Node) bool {
	var child ast.Node = id
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			child = p
			continue
		case *ast.SelectorExpr:
			return false // f.Write(...), f.Fd()
		case *ast.CallExpr:
			if p.Fun == child {
				return false
			}
			return fn.c.mayCloseArg(p, child.(ast.Expr))
		case *ast.ReturnStmt, *ast.SendStmt, *ast.CompositeLit, *ast.KeyValueExpr:
			return true
		case *ast.UnaryExpr:
			return p.Op == token.AND
		case *ast.AssignStmt:
			// Stored anywhere, even in another variable: no longer followed.
			return indexOf(p.Rhs, child.(ast.Expr)) >= 0
		case *ast.ValueSpec:
			return true
		}
		return false
	}
	return false
}

// mayCloseArg reports whether the call may close the file passed as arg:
// what a function of the package does with it is known; for others,
// mayClose decides from the parameter's type.
func (c *checker) mayCloseArg(call *ast.CallExpr, arg ast.Expr) bool {
	if u, known := c.argUse(call, arg); known {
		return u&(useCloses|useTakes) != 0
	}
	return mayClose(c.pass.TypesInfo, call, arg)
}

// mayClose reports whether the call may close the file passed as arg: it
// takes an *os.File or an interface with a Close method, or is not known.
func mayClose(info *types.Info, call *ast.CallExpr, arg ast.Expr) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return false // a conversion
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			return b.Name() == "append"
		}
	}
	sig, ok := types.Unalias(info.TypeOf(call.Fun)).(*types.Signature)
	if !ok {
		return true
	}
	i := indexOf(call.Args, arg)
	if i < 0 {
		return true
	}
	var pt types.Type
	params := sig.Params()
	switch {
	case sig.Variadic() && i >= params.Len()-1:
		if call.Ellipsis.IsValid() {
			return true
		}
		pt = params.At(params.Len() - 1).Type().(*types.Slice).Elem()
	case i < params.Len():
		pt = params.At(i).Type()
	default:
		return true
	}
	if pkgtypes.IsOSFile(pt) {
		return true
	}
	if iface, ok := pt.Underlying().(*types.Interface); ok {
		for m := range iface.Methods() {
			if m.Name() == "Close" {
				return true
			}
		}
		return false // io.Writer, io.Reader, any: used, not owned
	}
	return true
}

// readsPipe reports whether the block node reads the pipe end r in the
// parent, outside goroutines and deferred calls.
func (fn *fun) readsPipe(n ast.Node, r *types.Var) bool {
	switch n.(type) {
	case *ast.GoStmt, *ast.DeferStmt:
		return false
	}
	info := fn.info()
	found := false
	ast.PreorderStack(n, nil, func(m ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		id, ok := m.(*ast.Ident)
		if !ok || info.Uses[id] != r || len(stack) == 0 {
			return true
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.SelectorExpr:
			name := p.Sel.Name
			found = strings.HasPrefix(name, "Read") || name == "WriteTo"
		case *ast.CallExpr:
			if p.Fun != id {
				if tv, ok := info.Types[p.Fun]; ok && tv.IsType() {
					break // a conversion
				}
				found = true // io.ReadAll(r), bufio.NewScanner(r), io.Copy(w, r)
			}
		}
		return true
	})
	return found
}

// deferredCloseBefore reports whether a deferred call that closes v is
// registered before the start, in the function itself.
func (fn *fun) deferredCloseBefore(v *types.Var, start ast.Node) bool {
	info := fn.info()
	found := false
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if found || inLit || n.Pos() >= start.Pos() {
			return false
		}
		d, ok := n.(*ast.DeferStmt)
		if !ok {
			return true
		}
		ast.Inspect(d.Call, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok {
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && isVar(info, sel.X, v) {
					found = true
				}
				for _, a := range call.Args {
					if isVar(info, a, v) {
						found = true // defer closeAll(f), defer cleanup(f)
					}
				}
			}
			return !found
		})
		return false
	})
	return found
}

// closeFix returns the fix that closes the file right after the start
// succeeded: after the error check that follows it, or after the statement.
func (fn *fun) closeFix(h handoff, path []ast.Node, errVar *types.Var) []analysis.SuggestedFix {
	info := fn.info()
	// Do not offer it when the function closes the file itself after the
	// start: a second Close would report an error there.
	closesLater := false
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.DeferStmt); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() > h.start.End() {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && isVar(info, sel.X, h.f.v) {
				closesLater = true
			}
		}
		return !closesLater
	})
	if closesLater {
		return nil
	}
	// Find the statement of the start and its block.
	var stmt ast.Stmt
	var list []ast.Stmt
	for i, n := range path {
		s, ok := n.(ast.Stmt)
		if !ok || i+1 >= len(path) {
			continue
		}
		l, ok := stmtlist.Of(path[i+1])
		if !ok {
			continue
		}
		stmt, list = s, l
		break
	}
	if stmt == nil {
		return nil
	}
	switch s := stmt.(type) {
	case *ast.IfStmt:
		if s.Init == nil || !(s.Init.Pos() <= h.start.Pos() && h.start.End() <= s.Init.End()) || errVar == nil {
			return nil
		}
	case *ast.AssignStmt, *ast.ExprStmt:
		if errVar != nil {
			if i := slices.Index(list, stmt); i >= 0 && i+1 < len(list) {
				if next, ok := list[i+1].(*ast.IfStmt); ok && next.Init == nil && testsErr(info, next.Cond, errVar) {
					stmt = next
				}
			}
		}
	default:
		return nil
	}
	pos, indent := fn.after(stmt)
	text := "\n" + indent + h.f.v.Name() + ".Close()"
	if guard, absentWhen := fn.creationGuard(h.f.create); guard != nil {
		// Only where the creation's condition held: on the other
		// branch the variable holds a file the function does not own.
		cond := guard.Name()
		if absentWhen {
			cond = "!" + cond
		}
		text = "\n" + indent + "if " + cond + " {\n" + indent + "\t" + h.f.v.Name() + ".Close()\n" + indent + "}"
	}
	msg := fmt.Sprintf("Close %s right after %s", h.f.v.Name(), h.what)
	edit := analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)}
	if fn.usedAfter(h.f.v, stmt) {
		return []analysis.SuggestedFix{fixclass.ChangesFix(msg,
			"the parent uses "+h.f.v.Name()+" again after the start, and would find it closed", edit)}
	}
	// Safe: the child has its own copy, and the parent never touches
	// its copy again but to close it in a defer (which then returns an
	// error nobody reads).
	return []analysis.SuggestedFix{fixclass.SafeFix(msg, edit)}
}

// usedAfter reports whether v is used after stmt other than in a deferred
// v.Close().
func (fn *fun) usedAfter(v *types.Var, stmt ast.Stmt) bool {
	info := fn.info()
	used := false
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if used || n == nil {
			return false
		}
		if d, ok := n.(*ast.DeferStmt); ok {
			if sel, ok := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && len(d.Call.Args) == 0 && isVar(info, sel.X, v) {
				return false
			}
		}
		if id, ok := n.(*ast.Ident); ok && id.Pos() > stmt.End() && info.Uses[id] == v {
			used = true
		}
		return true
	})
	return used
}

// testsErr reports whether cond is "err != nil" for the variable.
func testsErr(info *types.Info, cond ast.Expr, v *types.Var) bool {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return false
	}
	return isVar(info, bin.X, v) || isVar(info, bin.Y, v)
}

// after returns where to insert a statement after stmt: the end of its last
// line, after any comment there, and the indentation of stmt.
func (fn *fun) after(stmt ast.Stmt) (token.Pos, string) {
	fset := fn.c.pass.Fset
	indent := strings.Repeat("\t", fset.Position(stmt.Pos()).Column-1)
	pos := stmt.End()
	if tf := fset.File(pos); tf != nil {
		if line := tf.Line(pos); line < tf.LineCount() {
			if end := tf.LineStart(line+1) - 1; end > pos {
				for _, cg := range fn.file.Comments {
					if cg.Pos() >= pos && cg.End() <= end {
						pos = cg.End()
					}
				}
			}
		}
	}
	return pos, indent
}

// closedBefore reports whether the function closes v, not in a deferred
// call, before the node.
func (fn *fun) closedBefore(v *types.Var, node ast.Node) bool {
	info := fn.info()
	found := false
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if found || inLit || n.Pos() >= node.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.DeferStmt, *ast.GoStmt:
			return false
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && isVar(info, sel.X, v) {
				found = true
			}
		}
		return true
	})
	return found
}

// aliasedBefore reports whether, before the start, the file is given to
// another variable, stored outside the commands, or passed to a function
// that may close it: its Close may then happen under another name.
// Appending it to a local slice is not such a hand-off.
func (fn *fun) aliasedBefore(v *types.Var, start ast.Node) bool {
	info := fn.info()
	found := false
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if found || n.Pos() >= start.Pos() {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] != v || len(stack) == 0 {
			return true
		}
		i, child := outsideParens(stack, id)
		if i < 0 {
			return true
		}
		switch p := stack[i].(type) {
		case *ast.AssignStmt:
			j := indexOf(p.Rhs, child.(ast.Expr))
			if j < 0 || len(p.Lhs) != len(p.Rhs) {
				break
			}
			switch lhs := ast.Unparen(p.Lhs[j]).(type) {
			case *ast.Ident:
				found = lhs.Name != "_"
			case *ast.SelectorExpr:
				found = !fn.isCmdField(lhs)
			default:
				found = true
			}
		case *ast.ValueSpec, *ast.ReturnStmt, *ast.SendStmt:
			found = true
		case *ast.CallExpr:
			if p.Fun != child {
				if bid, ok := ast.Unparen(p.Fun).(*ast.Ident); ok {
					if _, ok := info.Uses[bid].(*types.Builtin); ok {
						break
					}
				}
				found = fn.c.mayCloseArg(p, child.(ast.Expr))
			}
		}
		return true
	})
	return found
}

// isCmdField reports whether sel is a field of an *exec.Cmd or os.ProcAttr,
// also one promoted from an *exec.Cmd that sel.X embeds (r.Stdin of a
// wrapper, or of a method's receiver that holds its command).
func (fn *fun) isCmdField(sel *ast.SelectorExpr) bool {
	t := fn.info().TypeOf(sel.X)
	if t != nil && (isCmd(t) || isProcAttr(t)) {
		return true
	}
	s := fn.info().Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || len(s.Index()) < 2 {
		return false
	}
	// The struct that declares the field is the type of the embedded
	// field the path goes through last.
	outer := s.Recv()
	for _, i := range s.Index()[:len(s.Index())-1] {
		st, ok := derefStruct(outer)
		if !ok || i >= st.NumFields() {
			return false
		}
		outer = st.Field(i).Type()
	}
	return isCmd(outer)
}

// derefStruct returns the struct type that t is or points to.
func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	return st, ok
}

// deadlineBefore reports whether the parent sets a read deadline on r
// (SetReadDeadline, SetDeadline) before the read node, outside goroutines
// and deferred calls: the read then ends at the deadline.
func (fn *fun) deadlineBefore(r *types.Var, read ast.Node) bool {
	info := fn.info()
	found := false
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if found || inLit || n.Pos() >= read.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.DeferStmt, *ast.GoStmt:
			return false
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && isVar(info, sel.X, r) &&
				(sel.Sel.Name == "SetReadDeadline" || sel.Sel.Name == "SetDeadline") && n.End() <= read.Pos() {
				found = true
			}
		}
		return true
	})
	return found
}

// readsToEOF reports whether the node reads r to its end: io.ReadAll,
// io.Copy and io.CopyBuffer from r, r.WriteTo, w.ReadFrom(r), or a loop
// that scans it. Such a read needs EOF to return.
func (fn *fun) readsToEOF(n ast.Node, r *types.Var) bool {
	info := fn.info()
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch {
		case isFunc(info, call, "io", "ReadAll") || isFunc(info, call, "io/ioutil", "ReadAll"):
			found = len(call.Args) == 1 && isVar(info, call.Args[0], r)
		case isFunc(info, call, "io", "Copy") || isFunc(info, call, "io", "CopyBuffer"):
			found = len(call.Args) >= 2 && isVar(info, call.Args[1], r)
		default:
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "WriteTo":
					found = isVar(info, sel.X, r)
				case "ReadFrom":
					found = len(call.Args) == 1 && isVar(info, call.Args[0], r)
				}
			}
		}
		return true
	})
	if found {
		return true
	}
	// A loop around the read (for scanner.Scan(), for { r.Read(buf) })
	// reads until EOF.
	if _, ok := n.(*ast.ForStmt); ok {
		return true
	}
	return fn.innermostLoop(n) != nil // handoffstore.go
}

// outsideParens climbs from n, whose ancestors are stack (innermost last),
// past the parentheses around it. It returns the index in stack of the first
// ancestor that is not a parenthesis (-1 if there is none) and the node just
// below that ancestor: n itself, or its outermost parenthesis.
func outsideParens(stack []ast.Node, n ast.Node) (int, ast.Node) {
	child := n
	i := len(stack) - 1
	for ; i >= 0; i-- {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			break
		}
		child = stack[i]
	}
	return i, child
}
