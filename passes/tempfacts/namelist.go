package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Temp names collected in a local list ("tempFiles = append(tempFiles,
// WriteTemporaryFile(items))", fzf's preview) are the list's to remove
// once appended: the list holds the obligation. It is followed on the SSA
// form of the function, from the append: through phis, further appends,
// subslices and the cell of a variable that a closure captures. It is
// released by a range loop that removes each element (elemrange.go), or
// a call of a function that releases its parameter (fzf's removeFiles),
// directly or deferred, or a closure that does and is deferred or called;
// it is handed on when returned, stored, sent, or given to a function
// that takes it; a call of unknown code with it is an escape. A path from
// the append to a return that meets none of these drops the names.

// A ListLeak is a temp object appended to a local list that some path of
// the function drops.
type ListLeak struct {
	// Creation is the creation whose object was appended, or, for a
	// list a function returned (its returnsTempList fact), that call
	// (Object is then the list's result index, and FromCall is set).
	Creation *Creation
	FromCall bool
	// Discarded: the list a call returned is assigned to _.
	Discarded bool
	// Again: the list a call returned is dropped by reaching that call
	// again, in a loop (Exits then holds the call).
	Again bool
	// List is the variable the append is assigned to, nil if none.
	List *ast.Ident
	// Exits are the returns (or the closing brace) reached with the
	// list dropped, in the order found.
	Exits []token.Pos
	// Escaped: only where the list reached unknown code (default:
	// released; strict: not).
	Escaped bool
}

// A listAct is what an instruction does to a list holding temp names.
type listAct uint8

const (
	listNone     listAct = iota
	listEscaped          // given to unknown code
	listHanded           // returned, stored, taken
	listReleased         // removed, or a deferred removal registered
)

// ListLeaks returns the temp objects created in fn (an *ast.FuncDecl or
// *ast.FuncLit of the package) and appended to a local list that a path
// drops: first those dropped by default, then (Escaped) those dropped
// only once escapes into unknown code are no release.
func (r *Result) ListLeaks(fn ast.Node) []ListLeak {
	sf := r.ssaOfNode(fn)
	if sf == nil {
		return nil
	}
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	calls := make(map[token.Pos]*ast.CallExpr)
	// assigned maps a call and a result index to the variable the
	// result is assigned to.
	type result struct {
		call *ast.CallExpr
		i    int
	}
	assigned := make(map[result]*ast.Ident)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			calls[n.Lparen] = n
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					if call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); ok {
						assigned[result{call, 0}] = id
					}
				case len(n.Rhs) == 1:
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
						assigned[result{call, i}] = id
					}
				}
			}
		}
		return true
	})
	var leaks []ListLeak
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			ac := calls[call.Pos()]
			if ac == nil {
				continue
			}
			if i := r.ListResult(ac); i >= 0 {
				// A list of temp names a function returned.
				list := resultOf(call, i)
				if list == nil {
					continue
				}
				callee := typeutil.Callee(r.info, ac).(*types.Func).Origin()
				if l := r.judgeList(sf, call, list, nil); l != nil {
					l.Creation = &Creation{Call: ac, Callee: callee, Kind: r.listOf(callee).Kind, Object: i, Cleanup: -1}
					l.FromCall = true
					l.List = assigned[result{ac, i}]
					if l.List != nil && l.List.Name == "_" {
						// Discarded at the call: the caller chose not to
						// hold the names (they may live on in another
						// result, a command that uses the files).
						l.List, l.Discarded = nil, true
					}
					leaks = append(leaks, *l)
				}
				continue
			}
			c := r.Creation(ac)
			if c == nil || c.Object < 0 || c.CallersValue {
				continue
			}
			obj := ssa.Value(call)
			var errV ssa.Value
			if tup, ok := call.Type().(*types.Tuple); ok {
				obj = extract(call, c.Object)
				if last := tup.Len() - 1; last != c.Object && isErrorType(tup.At(last).Type()) {
					errV = extract(call, last)
				}
			}
			if obj == nil {
				continue
			}
			if r.otherWayOut(obj) {
				continue // judged as a named object (tempcleanup's creation)
			}
			for _, app := range appendsOf(obj) {
				l := r.judgeList(sf, app, app, errV)
				if l == nil {
					continue
				}
				l.Creation = c
				l.List = assigned[result{calls[app.Pos()], 0}]
				leaks = append(leaks, *l)
				break
			}
		}
	}
	return leaks
}

// ssaOfNode returns the SSA form of a declared function of the package, or
// of a function literal inside one. A generic function's form is its own
// body, built once with its type parameters in its types: what the rules
// on it follow (paths, files, the calls that make and remove them) has
// types that no instantiation changes.
func (r *Result) ssaOfNode(fn ast.Node) *ssa.Function {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		obj, ok := r.info.Defs[fn.Name].(*types.Func)
		if !ok {
			return nil
		}
		return r.ssaFunc(obj)
	case *ast.FuncLit:
		for obj, d := range r.decls {
			if d.Body == nil || fn.Pos() < d.Body.Pos() || fn.End() > d.Body.End() {
				continue
			}
			return anonOf(r.ssaFunc(obj), fn)
		}
	}
	return nil
}

// anonOf finds the function of the literal lit among those nested in f.
func anonOf(f *ssa.Function, lit *ast.FuncLit) *ssa.Function {
	if f == nil {
		return nil
	}
	for _, a := range f.AnonFuncs {
		if a.Syntax() == lit {
			return a
		}
		if a.Pos() <= lit.Pos() && lit.End() <= a.Syntax().End() {
			return anonOf(a, lit)
		}
	}
	return nil
}

// otherWayOut reports whether the object v (or the Name() of the file v)
// leaves the function's hands otherwise than through the list it is
// appended to: removed (a deferred os.Remove before the append: the list
// is then only a copy of the name, an argument list), stored into a field,
// returned, captured by a closure, sent, or given to a function that takes
// it or to unknown code. The list holds the obligation only when it is
// the object's one way out.
func (r *Result) otherWayOut(v ssa.Value) bool {
	vals := []ssa.Value{v}
	for _, ref := range *v.Referrers() {
		if call, ok := ref.(*ssa.Call); ok && fileOfName(call) == v && call != v {
			vals = append(vals, call)
		}
	}
	for _, v := range vals {
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ia, ok := ref.Addr.(*ssa.IndexAddr); ok {
					if _, ok := ia.X.(*ssa.Alloc); ok {
						continue // an element of a local array: append's, a literal's
					}
				}
				return true
			case *ssa.Return, *ssa.MakeClosure, *ssa.Send, *ssa.MapUpdate:
				return true
			case ssa.CallInstruction:
				if r.removesArg(ref, v) || r.listCall(ref, v) >= listEscaped {
					return true
				}
				if callee := ref.Common().StaticCallee(); callee != nil {
					if obj, ok := callee.Object().(*types.Func); ok && stdPrinters[funcKey(obj)] {
						return true // shown to the user
					}
				}
			}
		}
	}
	return false
}

// appendsOf returns the appends that take the value v (or the Name() of
// the file v) as an element: append(list, v) packs v into an array whose
// slice is the append's second argument.
func appendsOf(v ssa.Value) []*ssa.Call {
	vals := []ssa.Value{v}
	for _, ref := range *v.Referrers() {
		if call, ok := ref.(*ssa.Call); ok && fileOfName(call) == v && call != v {
			vals = append(vals, call)
		}
	}
	var apps []*ssa.Call
	for _, v := range vals {
		for _, ref := range *v.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Val != v {
				continue
			}
			ia, ok := st.Addr.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			arr, ok := ia.X.(*ssa.Alloc)
			if !ok {
				continue
			}
			for _, u := range *arr.Referrers() {
				sl, ok := u.(*ssa.Slice)
				if !ok {
					continue
				}
				for _, w := range *sl.Referrers() {
					if call, ok := w.(*ssa.Call); ok && isAppend(call) && len(call.Call.Args) == 2 && call.Call.Args[1] == sl {
						apps = append(apps, call)
					}
				}
			}
		}
	}
	return apps
}

func isAppend(call *ssa.Call) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append"
}

// judgeList follows the list that the instruction start makes (an append
// of a temp name, or a call that returns a list of them: the list is then
// its result list) and searches the paths from it; nil when every path
// releases or hands it on.
func (r *Result) judgeList(sf *ssa.Function, start ssa.Instruction, list ssa.Value, errV ssa.Value) *ListLeak {
	acts := make(map[ssa.Instruction]listAct)
	seen := make(map[ssa.Value]bool)
	merged := false // appended to another list: making it again loses nothing
	var follow func(h ssa.Value)
	mark := func(instr ssa.Instruction, a listAct) {
		acts[instr] = max(acts[instr], a) // a removal wins over a hand-off, which wins over an escape
	}
	follow = func(h ssa.Value) {
		if seen[h] {
			return
		}
		seen[h] = true
		for _, ref := range *h.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Phi, *ssa.Slice, *ssa.ChangeType, *ssa.MakeInterface:
				follow(ref.(ssa.Value))
			case *ssa.UnOp:
				if ref.Op == token.MUL {
					follow(ref)
				}
			case *ssa.Store:
				if ref.Val != h {
					continue
				}
				if cell, ok := ref.Addr.(*ssa.Alloc); ok {
					r.followCell(cell, follow, mark)
					continue
				}
				mark(ref, listHanded)
			case *ssa.Return:
				mark(ref, listHanded)
			case *ssa.Send, *ssa.MapUpdate:
				mark(ref, listHanded)
			case *ssa.IndexAddr, *ssa.Index:
				if header := r.removesEach(h, ref); header != nil {
					mark(header, listReleased)
				}
			case ssa.CallInstruction:
				if call, ok := ref.(*ssa.Call); ok && isAppend(call) {
					follow(call) // append(h, x) and append(all, h...) hold what h holds
					merged = merged || call.Call.Args[0] != h
					continue
				}
				mark(ref, r.listCall(ref, h))
			}
		}
	}
	follow(list)
	for instr, a := range acts {
		if d, ok := instr.(*ssa.Defer); ok && a == listReleased && before(d, start) {
			// defer func() { removeFiles(files) }() before the append:
			// it reads the list when the function returns.
			return nil
		}
	}
	if l := searchList(r, sf, start, errV, acts, false, merged); l != nil {
		return l
	}
	if l := searchList(r, sf, start, errV, acts, true, merged); l != nil {
		l.Escaped = true
		return l
	}
	return nil
}

// followCell follows a local variable's cell that holds the list: its
// loads hold it; a closure that captures it and removes what it loads
// releases it where the closure is called or deferred, and hands it on
// where the closure goes elsewhere.
func (r *Result) followCell(cell *ssa.Alloc, follow func(ssa.Value), mark func(ssa.Instruction, listAct)) {
	for _, u := range *cell.Referrers() {
		switch u := u.(type) {
		case *ssa.UnOp:
			if u.Op == token.MUL {
				follow(u)
			}
		case *ssa.MakeClosure:
			fn, ok := u.Fn.(*ssa.Function)
			if !ok {
				continue
			}
			releases := false
			for i, b := range u.Bindings {
				if b == cell && i < len(fn.FreeVars) && r.closureRemoves(fn, fn.FreeVars[i]) {
					releases = true
				}
			}
			for _, cu := range *u.Referrers() {
				ci, ok := cu.(ssa.CallInstruction)
				switch {
				case ok && ci.Common().Value == u:
					if releases {
						if _, isGo := ci.(*ssa.Go); !isGo {
							mark(ci, listReleased)
						}
					}
				case ok && releases:
					mark(ci, listReleased) // t.Cleanup(func() { removeFiles(files) })
				default:
					if _, dbg := cu.(*ssa.DebugRef); !dbg {
						mark(cu, listHanded)
					}
				}
			}
		}
	}
}

// closureRemoves reports whether the closure fn removes, in every path of
// its body, the list it loads from its free variable cell.
func (r *Result) closureRemoves(fn *ssa.Function, cell *ssa.FreeVar) bool {
	ret := returnBlock(fn)
	for _, u := range *cell.Referrers() {
		ld, ok := u.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			continue
		}
		for _, lu := range *ld.Referrers() {
			if ci, ok := lu.(ssa.CallInstruction); ok && r.listCall(ci, ld) == listReleased && ci.Block().Dominates(ret) {
				return true
			}
			if header := r.removesEach(ld, lu); header != nil && header.Block().Dominates(ret) {
				return true // for _, name := range files { os.Remove(name) }
			}
		}
	}
	return false
}

// returnBlock returns the block of fn's only return, or its entry.
func returnBlock(fn *ssa.Function) *ssa.BasicBlock {
	var ret *ssa.BasicBlock
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if ret != nil {
				return fn.Blocks[0]
			}
			ret = b
		}
	}
	if ret == nil {
		return fn.Blocks[0]
	}
	return ret
}

// listCall says what a call does to the list h it is given.
func (r *Result) listCall(ci ssa.CallInstruction, h ssa.Value) listAct {
	common := ci.Common()
	if _, ok := ci.(*ssa.Go); ok {
		return listEscaped
	}
	if common.IsInvoke() {
		if isTestingCleanup(common.Method) {
			return listNone
		}
		return listEscaped
	}
	if _, ok := common.Value.(*ssa.Builtin); ok {
		return listNone // len, copy
	}
	callee := common.StaticCallee()
	if callee == nil {
		return listEscaped
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return listEscaped
	}
	act := listNone
	for i, a := range common.Args {
		if a != h {
			continue
		}
		if callee.Signature.Recv() != nil {
			if i == 0 {
				continue // a method of the list's type
			}
			i--
		}
		key := funcKey(obj)
		switch {
		case stdStorers[key]:
			act = max(act, listHanded)
		case isStd(key[0]) && obj.Pkg() != r.pkg:
		default:
			switch r.ParamUse(obj, i) {
			case Release:
				if r.keepsParam(obj, i) {
					act = max(act, listHanded)
				} else {
					return listReleased
				}
			case Take:
				act = max(act, listHanded)
			case Unknown:
				act = max(act, listEscaped)
			}
		}
	}
	return act
}

// searchList searches the paths of sf from the append app for a return
// that drops the list; escapes release it unless strict.
func searchList(r *Result, sf *ssa.Function, start ssa.Instruction, errV ssa.Value, acts map[ssa.Instruction]listAct, strict, merged bool) *ListLeak {
	_, again := start.(*ssa.Call)
	again = again && !isAppend(start.(*ssa.Call)) && !merged // a call made again loses the list it returned before
	lost := false
	var l *ListLeak
	visited := make([]bool, len(sf.Blocks))
	var work []*ssa.BasicBlock
	flow := func(b *ssa.BasicBlock) {
		if !visited[b.Index] {
			visited[b.Index] = true
			work = append(work, b)
		}
	}
	walk := func(b *ssa.BasicBlock, from int) {
		for _, instr := range b.Instrs[from:] {
			if r.noReturn(instr) {
				return
			}
			if instr == start {
				lost = lost || again
				return
			}
			switch acts[instr] {
			case listReleased, listHanded:
				return
			case listEscaped:
				if !strict {
					return
				}
			}
			switch instr := instr.(type) {
			case *ssa.Panic:
				return
			case *ssa.Return:
				if l == nil {
					l = new(ListLeak)
				}
				pos := instr.Pos()
				if !pos.IsValid() {
					pos = sf.Syntax().End() - 1
				}
				l.Exits = append(l.Exits, pos)
				return
			case *ssa.If:
				if isNil, ok := nilTest(instr.Cond, errV); ok {
					// The failed creation's branch holds nothing new.
					if isNil {
						flow(b.Succs[0])
					} else {
						flow(b.Succs[1])
					}
					return
				}
			}
		}
		for _, s := range b.Succs {
			flow(s)
		}
	}
	for i, instr := range start.Block().Instrs {
		if instr == start {
			walk(start.Block(), i+1)
			break
		}
	}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		walk(b, 0)
	}
	if lost {
		// The call made again in a loop is where the list is lost
		// first: the story to tell, whatever exits follow.
		return &ListLeak{Again: true, Exits: []token.Pos{start.Pos()}}
	}
	return l
}

// before reports whether the instruction a runs before b on every path to
// b: its block dominates b's, and within one block it comes first.
func before(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, instr := range a.Block().Instrs {
		switch instr {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}
