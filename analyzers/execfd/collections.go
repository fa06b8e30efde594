package execfd

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/pathflow"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Commands started in a loop are often kept in a local slice and waited
// for together after the loop. Appending a command to such a slice is not
// a hand-off: the slice now holds the duty to wait, and every path from
// the start to a return must pass a loop that waits for the slice's
// elements, or hand the slice itself on. The classic leak is the early
// return when a later start fails: the children started so far are never
// waited.

// A collection is a local slice variable that holds commands, directly or
// in a field of its elements.
type collection struct {
	v     *types.Var
	files bool // holds files to close, not commands to wait for
	// appends are the statements that put a command into the slice.
	appends []ast.Stmt
	// released are the nodes that wait for every element (the operand of
	// a range loop whose body waits for the element) or hand the slice
	// on; computed on first use.
	released map[ast.Node]bool
}

// appendedTo returns the collection that the use id of a command is put
// into: "cmds = append(cmds, cmd)", "procs = append(procs, proc{cmd: cmd})",
// "cmds[i] = cmd".
func (fn *fun) appendedTo(id *ast.Ident, stack []ast.Node) *collection {
	elem, i := elementOf(id, stack)
	if i < 0 {
		return nil
	}
	switch p := stack[i].(type) {
	case *ast.CallExpr:
		if v, as := fn.selfAppend(p, elem, stack[:i]); v != nil {
			return fn.collectionOf(v, as)
		}
	case *ast.AssignStmt:
		j := indexOf(p.Rhs, elem)
		if j < 0 || len(p.Lhs) != len(p.Rhs) {
			return nil
		}
		ix, ok := ast.Unparen(p.Lhs[j]).(*ast.IndexExpr)
		if !ok {
			return nil
		}
		if v := fn.localVar(ix.X); v != nil {
			if _, ok := v.Type().Underlying().(*types.Slice); ok {
				return fn.collectionOf(v, p)
			}
		}
	}
	return nil
}

// elementOf climbs from the use id through what makes it part of one
// element of a slice (parentheses, a composite literal's values, &) and
// returns that element and the index in stack of the node holding it, or
// -1 when the climb reaches the top.
func elementOf(id *ast.Ident, stack []ast.Node) (ast.Expr, int) {
	var elem ast.Expr = id
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			elem = p
		case *ast.CompositeLit:
			elem = p
		case *ast.KeyValueExpr:
			if p.Value != elem {
				return elem, i
			}
			// The key-value pair is not an expression; its literal is.
		case *ast.UnaryExpr:
			if p.Op != token.AND {
				return elem, i
			}
			elem = p
		default:
			return elem, i
		}
	}
	return elem, -1
}

// selfAppend returns the local slice s when call is append(s, ..., elem,
// ...) assigned back to s ("s = append(s, elem)", outer holding the nodes
// above call), and that assignment.
func (fn *fun) selfAppend(call *ast.CallExpr, elem ast.Expr, outer []ast.Node) (*types.Var, *ast.AssignStmt) {
	bid, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) < 2 || call.Args[0] == elem || call.Ellipsis.IsValid() || len(outer) == 0 {
		return nil, nil
	}
	if b, ok := fn.info().Uses[bid].(*types.Builtin); !ok || b.Name() != "append" {
		return nil, nil
	}
	as, ok := outer[len(outer)-1].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != call {
		return nil, nil
	}
	v := fn.localVar(call.Args[0])
	if v == nil || fn.localVar(as.Lhs[0]) != v {
		return nil, nil
	}
	return v, as
}

func (fn *fun) collectionOf(v *types.Var, at ast.Stmt) *collection {
	if fn.colls == nil {
		fn.colls = make(map[*types.Var]*collection)
	}
	c := fn.colls[v]
	if c == nil {
		c = &collection{v: v}
		fn.colls[v] = c
	}
	for _, a := range c.appends {
		if a == at {
			return c
		}
	}
	c.appends = append(c.appends, at)
	return c
}

// releases finds the nodes that wait for all of the collection's commands
// or hand the collection on.
func (fn *fun) releases(col *collection) map[ast.Node]bool {
	if col.released != nil {
		return col.released
	}
	col.released = make(map[ast.Node]bool)
	info := fn.info()
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] != col.v || len(stack) == 0 {
			return true
		}
		i, child := outsideParens(stack, id)
		if i < 0 {
			return true
		}
		switch p := stack[i].(type) {
		case *ast.RangeStmt:
			if p.X == child && fn.releasesElements(p, col) {
				col.released[id] = true
			}
			return true
		case *ast.IndexExpr, *ast.SliceExpr:
			return true // one element: cmds[0].Process.Kill()
		case *ast.AssignStmt:
			if isLHS(p, child.(ast.Expr)) {
				return true
			}
		case *ast.CallExpr:
			if bid, ok := ast.Unparen(p.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[bid].(*types.Builtin); ok {
					switch b.Name() {
					case "append", "len", "cap":
						return true
					}
				}
			}
			if u, known := fn.c.argUse(p, child.(ast.Expr)); known && u == 0 {
				return true // borrowed
			}
			if col.files && !fn.c.mayCloseArg(p, child.(ast.Expr)) {
				return true
			}
		case *ast.BinaryExpr:
			return true
		}
		col.released[id] = true // returned, stored, passed on
		return true
	})
	return col.released
}

// releasesElements reports whether the body of the range loop over the
// collection waits for (or hands on) the command of the element it visits,
// or closes its file.
func (fn *fun) releasesElements(rs *ast.RangeStmt, col *collection) bool {
	info := fn.info()
	v := col.v
	methods, uses := []string{"Wait", "Release", "Run"}, useWaits|useTakes
	if col.files {
		methods, uses = []string{"Close"}, useCloses|useTakes
	}
	elemVar := func(e ast.Expr) *types.Var {
		if e == nil {
			return nil
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return nil
		}
		w, _ := info.ObjectOf(id).(*types.Var)
		return w
	}
	key, val := elemVar(rs.Key), elemVar(rs.Value)
	// isElem reports whether e is the element, or a field of it.
	isElem := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				w := info.Uses[x]
				return w != nil && w == val
			case *ast.SelectorExpr:
				e = x.X
			case *ast.IndexExpr:
				return isVar(info, x.X, v) && key != nil && isVar(info, x.Index, key)
			case *ast.StarExpr:
				e = x.X
			default:
				return false
			}
		}
	}
	found := false
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isElem(sel.X) && slices.Contains(methods, sel.Sel.Name) {
			found = true
		}
		for _, a := range call.Args {
			if isElem(a) {
				if col.files {
					found = found || fn.c.mayCloseArg(call, a) // closeFile(f)
				} else if u, known := fn.c.argUse(call, a); !known || u&uses != 0 {
					found = true // waitCmd(c), g.Go(c.Wait)
				}
			}
			if sel, ok := ast.Unparen(a).(*ast.SelectorExpr); ok && slices.Contains(methods, sel.Sel.Name) && isElem(sel.X) {
				found = true // a method value
			}
		}
		return true
	})
	return found
}

// inLoop reports whether the node lies in a for or range loop of the
// function, outside function literals.
func inLoop(path []ast.Node) bool {
	for _, n := range path {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// checkCollected follows a command that is kept in a local slice: from the
// start, or from the append when it comes after the start, every path to a
// return must wait for the command or for the slice's elements.
func (fn *fun) checkCollected(cmd *command, start *ast.CallExpr) {
	if fn.c.reaps() {
		return // a reaper waits for every child
	}
	info := fn.info()
	path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
	var creation ast.Node = start
	var errVar *types.Var
	loop := inLoop(path)
	var after ast.Stmt
	for _, col := range cmd.collections {
		for _, a := range col.appends {
			if a.Pos() > start.End() && cmd.gen(a.Pos()) == cmd.gen(start.Pos()) && (after == nil || a.Pos() < after.Pos()) {
				after = a
			}
		}
	}
	if after != nil {
		creation = after
	} else if !loop {
		// Appended before a start that runs once: its failure branch
		// has no child.
		errVar = fn.errOf(start, path)
	}
	released := make(map[ast.Node]bool)
	var names []string
	for _, col := range cmd.collections {
		for n := range fn.releases(col) {
			released[n] = true
		}
		names = append(names, col.v.Name())
	}
	// A deferred loop registered before the first start ("defer func() {
	// for _, c := range cmds { c.Wait() } }()") covers every return.
	q := &pathflow.Query{
		Info:     info,
		CFG:      fn.cfg,
		Creation: creation,
		Err:      errVar,
		Table:    fn.c.table,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			if released[n] {
				return pathflow.Action{Effect: pathflow.Released}
			}
			if call, ok := n.(*ast.CallExpr); ok && fn.waitsCmd(call, cmd.v) {
				return pathflow.Action{Effect: pathflow.Released}
			}
			return pathflow.Action{}
		},
	}
	fn.deferRelease(q, creation.Pos(), released)
	// Every return that leaves the commands unwaited is listed: one hint,
	// wait for each command, fits them all.
	var rel []analysis.RelatedInformation
	col := names[0]
	for _, l := range pathflow.Leaks(q) {
		if l.Kind != pathflow.Return || fn.isMain() {
			continue
		}
		leaves := "this return leaves"
		if len(rel) > 0 {
			leaves = "this return also leaves"
		}
		msg := leaves + " the children in " + col + " unwaited"
		if loop {
			msg = leaves + " the children started so far, kept in " + col + ", unwaited"
		}
		rel = append(rel, related(l.Node, msg)...)
	}
	if len(rel) == 0 {
		return
	}
	name := cmd.v.Name()
	fn.unwaitedReport()(analysis.Diagnostic{
		Pos: start.Pos(), End: start.End(),
		Message: fmt.Sprintf("%s.Start succeeds and the child is kept in %s, but some path returns without waiting for the commands in %s: %s; wait for each command in %s (Process.Kill then Wait to stop them) before returning",
			name, col, col, fn.unwaitedHarm(cmd), col),
		Related: rel,
	})
}

// waitsCmd reports whether the call waits for the command v: v.Wait(),
// v.Process.Wait(), v.Process.Release(), a function (of the package, or
// of another by its fact) that waits for its argument, or wait4 on
// v.Process.Pid.
func (fn *fun) waitsCmd(call *ast.CallExpr, v *types.Var) bool {
	info := fn.info()
	if sel := fn.boundMethod(call); sel != nil {
		// wait() after "wait := cmd.Wait": boundcall.go
		return sel.Sel.Name == "Wait" && (isVar(info, sel.X, v) || fn.heldCmd(sel.X, v))
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if isVar(info, sel.X, v) && fn.wrapperWaitCall(sel) {
			return true // s.Close() that waits: wrapper.go
		}
		switch sel.Sel.Name {
		case "Wait":
			if isVar(info, sel.X, v) || fn.isProcessOf(sel.X, v) || fn.isAliasOf(sel.X, v) || fn.heldCmd(sel.X, v) || fn.isCmdAliasOf(sel.X, v) {
				return true
			}
		case "Release":
			if fn.isProcessOf(sel.X, v) || fn.isAliasOf(sel.X, v) {
				return true
			}
		}
	}
	for _, a := range call.Args {
		if isVar(info, a, v) {
			if u, known := fn.c.argUse(call, a); known && u&useWaits != 0 {
				return true
			}
		}
		if fn.pidOf(a, v) && fn.c.reapsPid(call, a) {
			return true // unix.Wait4(cmd.Process.Pid, ...): reap.go
		}
	}
	return false
}

// deferredBefore returns the first defer statement of body, before pos and
// outside function literals, that contains one of the released nodes: a
// release registered that early covers every later return.
func deferredBefore(body ast.Node, pos token.Pos, released map[ast.Node]bool) ast.Node {
	var deferred ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if deferred != nil || n == nil || n.Pos() >= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			for r := range released {
				if n.Pos() <= r.Pos() && r.End() <= n.End() {
					deferred = n
				}
			}
			return false
		}
		return true
	})
	return deferred
}

// deferRelease sets the query's deferred release: the first defer statement
// before pos that contains one of the released nodes, and the named error
// result that guards it when every release in it runs only on an error
// ("defer func() { if err != nil { closeAll(files) } }()"), which covers
// the failure returns but not a return of a nil error.
func (fn *fun) deferRelease(q *pathflow.Query, pos token.Pos, released map[ast.Node]bool) {
	d := deferredBefore(fn.body, pos, released)
	if d == nil {
		return
	}
	q.Deferred = d
	var guard *types.Var
	for r := range released {
		if r.Pos() < d.Pos() || d.End() < r.End() {
			continue
		}
		g := fn.errorGuard(d, r)
		if g == nil || (guard != nil && g != guard) {
			return
		}
		guard = g
	}
	if guard == nil {
		return
	}
	if i := fn.resultIndex(guard); i >= 0 {
		q.DeferredRuns = func(ret *ast.ReturnStmt) bool { return fn.returnsError(ret, i) }
	}
}

// errorGuard returns the named error result v when the node r, inside the
// defer statement d, runs only in the body of an "if v != nil" within d.
func (fn *fun) errorGuard(d, r ast.Node) *types.Var {
	path, _ := astutil.PathEnclosingInterval(fn.file, r.Pos(), r.End())
	info := fn.info()
	for i, n := range path {
		if n == d {
			return nil
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || i == 0 || path[i-1] != ifs.Body {
			continue
		}
		bin, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || bin.Op != token.NEQ {
			continue
		}
		x := bin.X
		if pkgtypes.IsNil(info, x) {
			x = bin.Y
		} else if !pkgtypes.IsNil(info, bin.Y) {
			continue
		}
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && fn.resultIndex(v) >= 0 {
				return v
			}
		}
	}
	return nil
}

// resultIndex returns the index of v among the named results of the
// function, -1 if it is not one or not of type error.
func (fn *fun) resultIndex(v *types.Var) int {
	var ft *ast.FuncType
	switch n := fn.node.(type) {
	case *ast.FuncDecl:
		ft = n.Type
	case *ast.FuncLit:
		ft = n.Type
	}
	if ft == nil || ft.Results == nil || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
		return -1
	}
	i := 0
	for _, field := range ft.Results.List {
		for _, name := range field.Names {
			if fn.info().Defs[name] == v {
				return i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return -1
}

// returnsError reports whether the return statement gives the error result
// at index i a value that is not nil: an error made there (fmt.Errorf,
// errors.New, a composite literal), a package-level error variable, or any
// value but the literal nil on a branch that tested an error ("if err !=
// nil { return nil, wrap(err) }"). Elsewhere a value may be nil, the
// success ("return outW.Close()"), and so may a bare return's.
func (fn *fun) returnsError(ret *ast.ReturnStmt, i int) bool {
	info := fn.info()
	if i < len(ret.Results) && len(ret.Results) > 1 || i == 0 && len(ret.Results) == 1 {
		switch e := ast.Unparen(ret.Results[i]).(type) {
		case *ast.Ident:
			if pkgtypes.IsNil(info, e) {
				return false
			}
			if v, ok := info.Uses[e].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return true // var ErrX = errors.New(...)
			}
		case *ast.SelectorExpr:
			if v, ok := info.Uses[e.Sel].(*types.Var); ok && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return true // io.EOF
			}
		case *ast.CompositeLit:
			return true
		case *ast.UnaryExpr:
			if _, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok && e.Op == token.AND {
				return true
			}
		case *ast.CallExpr:
			if isFunc(info, e, "fmt", "Errorf") || isFunc(info, e, "errors", "New") {
				return true
			}
		}
	}
	return fn.onErrorBranch(ret)
}

// onErrorBranch reports whether the node lies in the body of an if
// statement, of the function itself, whose condition tests that an error is
// not nil (err != nil, alone or with other conditions) or holds an error
// predicate (errors.Is(err, x), os.IsNotExist(err)).
func (fn *fun) onErrorBranch(n ast.Node) bool {
	info := fn.info()
	errType := types.Universe.Lookup("error").Type()
	path, _ := astutil.PathEnclosingInterval(fn.file, n.Pos(), n.End())
	for i, p := range path {
		switch p := p.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			if i == 0 || path[i-1] != p.Body {
				continue
			}
			found := false
			ast.Inspect(p.Cond, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.FuncLit:
					return false
				case *ast.BinaryExpr:
					if m.Op == token.NEQ && (pkgtypes.IsNil(info, m.Y) && types.Identical(info.TypeOf(m.X), errType) ||
						pkgtypes.IsNil(info, m.X) && types.Identical(info.TypeOf(m.Y), errType)) {
						found = true
					}
				case *ast.CallExpr:
					if fn.c.pred.Arg(m) != nil {
						found = true
					}
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}
