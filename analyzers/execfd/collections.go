package execfd

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

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
// in a field of its elements (or files, to close).
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

// A collectionIndex is what the function puts into its local slices, found
// on its SSA form (bodyvalues.go): the values an append, an element set or
// a slice literal stores as the slice's elements, and the commands and
// files those values are or hold in their fields.
type collectionIndex struct {
	cmds  map[*types.Var]*collection // local slices holding commands
	files map[*types.Var]*collection // local slices holding files
	// cmdElems are the uses of a command that put it into a slice: an
	// append to the slice itself ("cmds = append(cmds, cmd)", "procs =
	// append(procs, proc{cmd: cmd})") or an element set ("cmds[i] = cmd").
	cmdElems map[*ast.Ident]*collection
	// fileElems are the uses of a file appended to a slice of files by
	// an append to the slice itself: not a hand-off.
	fileElems map[*ast.Ident]*collection
	// fileCols are the slices each file is put into, by an append or in a
	// slice literal.
	fileCols map[*types.Var][]*collection
}

// How a value becomes an element of a slice.
type fillKind int

const (
	fillAppend     fillKind = iota // s = append(t, x): t may be another slice
	fillSelfAppend                 // s = append(s, x)
	fillIndex                      // s[i] = x
	fillLiteral                    // s := []T{x}
)

// collections finds, once, the local slices of the function that hold its
// commands or files.
func (fn *fun) collections() *collectionIndex {
	if fn.colls != nil {
		return fn.colls
	}
	idx := &collectionIndex{
		cmds: make(map[*types.Var]*collection), files: make(map[*types.Var]*collection),
		cmdElems: make(map[*ast.Ident]*collection), fileElems: make(map[*ast.Ident]*collection),
		fileCols: make(map[*types.Var][]*collection),
	}
	fn.colls = idx
	b := fn.values()
	if b == nil {
		return idx
	}
	for _, f := range b.funcs {
		for _, blk := range f.Blocks {
			for _, instr := range blk.Instrs {
				switch in := instr.(type) {
				case *ssa.Call:
					if slice, elem, result := fn.c.appendedByHelper(in); result != nil {
						// cmds = keep(cmds, cmd): a helper that appends.
						call := fn.callsByLparen()[in.Pos()]
						stmt := fn.stmtAt(in.Pos())
						for _, s := range fn.varsOf(b, result, stmt) {
							if call != nil && b.holds(s, slice) {
								fn.fill(idx, b, s, stmt, []ssa.Value{elem}, fillSelfAppend)
							}
						}
						continue
					}
					if !isBuiltin(in.Call.Value, "append") || len(in.Call.Args) != 2 {
						continue
					}
					elems := literalElems(in.Call.Args[1], "varargs")
					call := fn.callsByLparen()[in.Pos()]
					if elems == nil || call == nil {
						continue // append(s, xs...)
					}
					stmt := fn.stmtAt(call.Pos())
					for _, s := range fn.varsOf(b, in, stmt) {
						kind := fillAppend
						if b.holds(s, in.Call.Args[0]) {
							kind = fillSelfAppend
						}
						fn.fill(idx, b, s, stmt, elems, kind)
					}
				case *ssa.Store:
					ia, ok := in.Addr.(*ssa.IndexAddr)
					if !ok {
						continue
					}
					stmt := fn.stmtAt(in.Pos())
					for _, s := range fn.varsOf(b, ia.X, stmt) {
						fn.fill(idx, b, s, stmt, []ssa.Value{in.Val}, fillIndex)
					}
				case *ssa.Slice:
					elems := literalElems(in, "slicelit")
					if elems == nil {
						continue
					}
					for _, e := range b.exprs[in] {
						stmt := fn.stmtAt(e.Pos())
						for _, s := range fn.varsOf(b, in, stmt) {
							fn.fill(idx, b, s, stmt, elems, fillLiteral)
						}
						break
					}
				}
			}
		}
	}
	return idx
}

// fill records the statement stmt that puts the values elems into the
// local slice s: the commands and files of the function that they are or
// hold, as written in stmt.
func (fn *fun) fill(idx *collectionIndex, b *bodyValues, s *types.Var, stmt ast.Stmt, elems []ssa.Value, kind fillKind) {
	for _, e := range elems {
		for _, h := range heldValues(e, 0) {
			for _, x := range b.exprsWithin(h, stmt) {
				id, ok := x.(*ast.Ident)
				if !ok {
					continue
				}
				v := fn.localVar(id)
				if v == nil {
					continue
				}
				if fn.cmds[v] != nil && (kind == fillSelfAppend || kind == fillIndex) {
					col := idx.cmds[s]
					if col == nil {
						col = &collection{v: s}
						idx.cmds[s] = col
					}
					if !slices.Contains(col.appends, stmt) {
						col.appends = append(col.appends, stmt)
					}
					idx.cmdElems[id] = col
				}
				if fn.files[v] != nil && kind != fillIndex {
					col := idx.files[s]
					if col == nil {
						col = &collection{v: s, files: true}
						idx.files[s] = col
					}
					if !slices.Contains(idx.fileCols[v], col) {
						idx.fileCols[v] = append(idx.fileCols[v], col)
					}
					if kind == fillSelfAppend {
						idx.fileElems[id] = col
					}
				}
			}
		}
	}
}

// heldValues returns the value an element of a slice is given, and the
// values it holds when it is a composite literal or its address: the
// stores into its fields or elements.
func heldValues(e ssa.Value, depth int) []ssa.Value {
	out := []ssa.Value{e}
	if depth > 3 {
		return out
	}
	var alloc *ssa.Alloc
	switch x := e.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			alloc, _ = x.X.(*ssa.Alloc)
		}
	case *ssa.Alloc:
		alloc = x
	case *ssa.MakeInterface:
		out = append(out, heldValues(x.X, depth+1)...)
	case *ssa.ChangeType:
		out = append(out, heldValues(x.X, depth+1)...)
	}
	if alloc == nil || alloc.Comment != "complit" {
		return out
	}
	for _, r := range *alloc.Referrers() {
		var addr ssa.Value
		switch r := r.(type) {
		case *ssa.FieldAddr:
			addr = r
		case *ssa.IndexAddr:
			addr = r
		default:
			continue
		}
		for _, rr := range *addr.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == addr {
				out = append(out, heldValues(st.Val, depth+1)...)
			}
		}
	}
	return out
}

// literalElems returns the values stored into the array of a slice literal
// or of the variadic arguments of a call (the array's comment says which),
// nil when v is not such a slice.
func literalElems(v ssa.Value, comment string) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok || alloc.Comment != comment {
		return nil
	}
	var elems []ssa.Value
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				elems = append(elems, st.Val)
			}
		}
	}
	return elems
}

func isBuiltin(v ssa.Value, name string) bool {
	b, ok := v.(*ssa.Builtin)
	return ok && b.Name() == name
}

// varargsCall returns the call that takes, as its variadic arguments, the
// array whose element addr addresses.
func varargsCall(addr ssa.Value) ssa.CallInstruction {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	alloc, ok := ia.X.(*ssa.Alloc)
	if !ok || alloc.Comment != "varargs" {
		return nil
	}
	for _, r := range *alloc.Referrers() {
		if sl, ok := r.(*ssa.Slice); ok {
			for _, rr := range *sl.Referrers() {
				if call, ok := rr.(ssa.CallInstruction); ok {
					return call
				}
			}
		}
	}
	return nil
}

// appendedTo returns the collection that the use id of a command puts it
// into: "cmds = append(cmds, cmd)", "procs = append(procs, proc{cmd:
// cmd})", "cmds[i] = cmd".
func (fn *fun) appendedTo(id *ast.Ident) *collection {
	return fn.collections().cmdElems[id]
}

// releases finds the nodes that wait for all of the collection's commands
// (close all of its files) or hand the collection on: the uses of the
// values the slice variable holds, followed through phis, the cell a
// closure captures and conversions, other than reading its elements, its
// length or a part, appending to it, comparing it, and passing it to a
// function that borrows it.
func (fn *fun) releases(col *collection) map[ast.Node]bool {
	if col.released != nil {
		return col.released
	}
	col.released = make(map[ast.Node]bool)
	b := fn.values()
	if b == nil || col.v == nil {
		return col.released
	}
	web := make(map[ssa.Value]bool)
	var work []ssa.Value
	push := func(x ssa.Value) {
		if !web[x] {
			web[x] = true
			work = append(work, x)
		}
	}
	for _, x := range b.vars[col.v] {
		push(x)
	}
	// mark records the uses of the variable within the node at, or the
	// node itself when the slice is there under another name.
	mark := func(at ast.Node) {
		if at == nil {
			return
		}
		found := false
		for x := range web {
			for _, e := range b.exprs[x] {
				if id, ok := e.(*ast.Ident); ok && within(id, at) && fn.localVar(id) == col.v {
					col.released[id] = true
					found = true
				}
			}
		}
		if !found {
			col.released[at] = true
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		refs := x.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.DebugRef, *ssa.IndexAddr, *ssa.Index, *ssa.Slice, *ssa.BinOp, *ssa.If, *ssa.MakeClosure:
				// an element or a part read, a comparison, the cell
				// captured by a closure (whose uses are followed too)
			case *ssa.Phi:
				push(r)
			case *ssa.UnOp:
				if r.Op == token.MUL {
					push(r) // read from the variable's cell
				}
			case *ssa.MakeInterface:
				push(r)
			case *ssa.ChangeType:
				push(r)
			case *ssa.Convert:
				push(r)
			case *ssa.Store:
				if r.Addr == x || web[r.Addr] {
					continue // assigned to the variable
				}
				if call := varargsCall(r.Addr); call != nil {
					fn.callReleases(col, b, web, call, mark)
					continue
				}
				mark(fn.stmtAt(r.Pos()))
			case ssa.CallInstruction:
				fn.callReleases(col, b, web, r, mark)
			default:
				mark(fn.stmtAt(r.Pos())) // returned, sent, stored in a map
			}
		}
	}
	// A loop that visits every element and waits for (closes) each:
	// "for _, c := range cmds", "for i := 0; i < len(cmds); i++"
	// (countingloop.go).
	for _, el := range fn.elemLoops() {
		if web[el.x] && web[el.lenOf()] && fn.elemsReleased(b, el, col.files) {
			col.released[el.node] = true
		}
	}
	return col.released
}

// callReleases marks the arguments of the call that hand on the slice
// whose values are web: a function that may keep it or release its
// elements, not append, len, cap or a function that borrows it.
func (fn *fun) callReleases(col *collection, b *bodyValues, web map[ssa.Value]bool, r ssa.CallInstruction, mark func(ast.Node)) {
	common := r.Common()
	if bi, ok := common.Value.(*ssa.Builtin); ok {
		switch bi.Name() {
		case "append", "len", "cap":
			return
		}
		if !col.files {
			mark(fn.callsByLparen()[common.Pos()]) // copy(dst, cmds): not known to leave them
		}
		return
	}
	call := fn.callsByLparen()[common.Pos()]
	if call == nil {
		mark(fn.stmtAt(r.Pos()))
		return
	}
	matched := false
	for _, a := range call.Args {
		if !web[b.value[ast.Unparen(a)]] {
			continue
		}
		matched = true
		if u, known := fn.c.argUse(call, a); known && u == 0 {
			continue // borrowed
		}
		if col.files && !fn.c.mayCloseArg(call, a) {
			continue
		}
		mark(a)
	}
	if !matched {
		mark(call) // the slice's own method, or the slice called
	}
}

// elemReleased reports whether the element e of a collection, or a field
// of it, is waited for (closed) or handed on: Wait, Release or Run on it
// (Close for a file), a method value of those, or given to a function that
// waits for it or keeps it (that may close it), also in a closure that
// captures it.
func (fn *fun) elemReleased(b *bodyValues, e ssa.Value, files bool) bool {
	methods := []string{"Wait", "Release", "Run"}
	if files {
		methods = []string{"Close"}
	}
	seen := map[ssa.Value]bool{e: true}
	work := []ssa.Value{e}
	push := func(x ssa.Value) {
		if !seen[x] {
			seen[x] = true
			work = append(work, x)
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		refs := x.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.UnOp:
				if r.Op == token.MUL {
					push(r)
				}
			case *ssa.FieldAddr:
				push(r)
			case *ssa.Field:
				push(r)
			case *ssa.MakeInterface:
				push(r)
			case *ssa.ChangeType:
				push(r)
			case *ssa.Store:
				if r.Val != x {
					continue
				}
				switch addr := r.Addr.(type) {
				case *ssa.Alloc:
					push(addr) // a variable a closure captures
				case *ssa.IndexAddr:
					if call := varargsCall(addr); call != nil && fn.argReleases(b, call, seen, files) {
						return true
					}
				}
			case *ssa.MakeClosure:
				if bound, ok := r.Fn.(*ssa.Function); ok && strings.HasPrefix(bound.Synthetic, "bound method wrapper") {
					if len(r.Bindings) == 1 && r.Bindings[0] == x && slices.Contains(methods, bound.Name()) {
						return true // g.Go(c.Wait)
					}
					continue
				}
				closure := r.Fn.(*ssa.Function)
				for i, bnd := range r.Bindings {
					if bnd == x && i < len(closure.FreeVars) {
						push(closure.FreeVars[i])
					}
				}
			case ssa.CallInstruction:
				common := r.Common()
				if common.IsInvoke() {
					if common.Value == x && slices.Contains(methods, common.Method.Name()) {
						return true
					}
				} else if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(common.Args) > 0 && common.Args[0] == x {
					if slices.Contains(methods, callee.Name()) {
						return true
					}
					if !slices.Contains(common.Args[1:], x) {
						continue // another method of it
					}
				}
				if slices.Contains(common.Args, x) && fn.argReleases(b, r, seen, files) {
					return true
				}
			}
		}
	}
	return false
}

// argReleases reports whether the call, which takes one of the values
// (an element of a collection or a part of it) as an argument, may wait
// for it or keep it (for a file, close it): a function not known, or one
// whose use of the argument says so.
func (fn *fun) argReleases(b *bodyValues, r ssa.CallInstruction, values map[ssa.Value]bool, files bool) bool {
	common := r.Common()
	if bi, ok := common.Value.(*ssa.Builtin); ok {
		return bi.Name() == "append"
	}
	call := fn.callsByLparen()[common.Pos()]
	if call == nil {
		return true
	}
	for _, a := range call.Args {
		if !values[b.value[ast.Unparen(a)]] {
			continue
		}
		if files {
			return fn.c.mayCloseArg(call, a) // closeFile(f)
		}
		u, known := fn.c.argUse(call, a)
		return !known || u&(useWaits|useTakes) != 0 // waitCmd(c)
	}
	return false
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
	if ft == nil || ft.Results == nil || !isErrorType(v.Type()) {
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
					if m.Op == token.NEQ && (pkgtypes.IsNil(info, m.Y) && isErrorType(info.TypeOf(m.X)) ||
						pkgtypes.IsNil(info, m.X) && isErrorType(info.TypeOf(m.Y))) {
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

// A helper of the package may put the command, or the file, into the
// slice for its caller: "cmds = keep(cmds, cmd)" with "func keep(cmds
// []*exec.Cmd, c *exec.Cmd) []*exec.Cmd { return append(cmds, c) }", or
// "files = keepFile(files, f)". Such a call is an append to the caller's
// slice, as if written in place.

// sliceAppender says which parameter of a function the function appends
// to which result: parameter elem to parameter slice, returned as result
// res.
type sliceAppender struct{ res, slice, elem int }

// appender returns what the function of the package appends, from its SSA
// form: every return gives, as result res, the slice parameter itself or
// an append to it of the command or file parameter (directly or in a
// composite literal), at least one of them the append; ok is false
// otherwise. A generic helper is judged on its own body: the element it
// appends is a command or a file there, never a value of a type parameter.
func (c *checker) appender(f *types.Func) (sliceAppender, bool) {
	f = f.Origin()
	if c.appenders == nil {
		c.appenders = make(map[*types.Func]*sliceAppender)
	}
	if a, ok := c.appenders[f]; ok {
		if a == nil {
			return sliceAppender{}, false
		}
		return *a, true
	}
	c.appenders[f] = nil
	sig := f.Type().(*types.Signature)
	if f.Pkg() != c.pass.Pkg || sig.Recv() != nil {
		return sliceAppender{}, false
	}
	_, prog := c.flow()
	sf := prog.FuncValue(f)
	if sf == nil || sf.Blocks == nil {
		return sliceAppender{}, false
	}
	param := func(v ssa.Value) int {
		for i, p := range sf.Params {
			if p == v {
				return i
			}
		}
		return -1
	}
	for res := 0; res < sig.Results().Len(); res++ {
		if _, ok := sig.Results().At(res).Type().Underlying().(*types.Slice); !ok {
			continue
		}
		a := sliceAppender{res: res, slice: -1, elem: -1}
		appended, ok := false, true
		seen := make(map[ssa.Value]bool)
		var result func(v ssa.Value) bool
		result = func(v ssa.Value) bool {
			if seen[v] {
				return true
			}
			seen[v] = true
			switch v := v.(type) {
			case *ssa.Parameter:
				i := param(v)
				if a.slice >= 0 && a.slice != i {
					return false
				}
				a.slice = i
				return true
			case *ssa.Phi:
				for _, e := range v.Edges {
					if !result(e) {
						return false
					}
				}
				return true
			case *ssa.Call:
				if !isBuiltin(v.Call.Value, "append") || len(v.Call.Args) != 2 || !result(v.Call.Args[0]) {
					return false
				}
				for _, e := range literalElems(v.Call.Args[1], "varargs") {
					for _, h := range heldValues(e, 0) {
						if i := param(h); i >= 0 && i != a.slice && c.isCollected(h.Type()) && (a.elem < 0 || a.elem == i) {
							a.elem = i
							appended = true
						}
					}
				}
				return true
			}
			return false
		}
		for _, blk := range sf.Blocks {
			for _, instr := range blk.Instrs {
				if ret, isRet := instr.(*ssa.Return); isRet && !result(ret.Results[res]) {
					ok = false
				}
			}
		}
		if ok && appended && a.slice >= 0 {
			c.appenders[f] = &a
			return a, true
		}
	}
	return sliceAppender{}, false
}

// isCollected reports whether t is what the local collections hold: a
// command or a file.
func (c *checker) isCollected(t types.Type) bool {
	return c.isCmdLike(t) || pkgtypes.IsOSFile(t)
}

// appendedByHelper returns, for a call of a helper that appends to its
// slice parameter (appender), the caller's value given as the slice, the
// one given as the element, and the value of the result that holds the
// slice after the call.
func (c *checker) appendedByHelper(call *ssa.Call) (slice, elem, result ssa.Value) {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil, nil, nil
	}
	f, ok := callee.Object().(*types.Func)
	if !ok || f.Pkg() != c.pass.Pkg {
		return nil, nil, nil
	}
	// Only a call that gives a command or a file and takes and returns a
	// slice that may hold one is asked about (the helper's form is built
	// then).
	sig := f.Type().(*types.Signature)
	takesSlice, takesElem := false, false
	for p := range sig.Params().Variables() {
		takesSlice = takesSlice || c.resourceSlice(p.Type())
		takesElem = takesElem || c.isCollected(p.Type())
	}
	if !takesSlice || !takesElem {
		return nil, nil, nil
	}
	a, ok := c.appender(f)
	if !ok || a.slice >= len(call.Call.Args) || a.elem >= len(call.Call.Args) {
		return nil, nil, nil
	}
	if f.Type().(*types.Signature).Results().Len() == 1 {
		return call.Call.Args[a.slice], call.Call.Args[a.elem], call
	}
	for _, r := range *call.Referrers() {
		if x, ok := r.(*ssa.Extract); ok && x.Index == a.res {
			return call.Call.Args[a.slice], call.Call.Args[a.elem], x
		}
	}
	return nil, nil, nil
}
