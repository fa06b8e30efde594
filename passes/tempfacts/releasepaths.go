package tempfacts

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Releasing methods, judged path by path on the SSA form.
//
// A function of the package releases the temp object a field holds when
// every path from its entry to a return removes it (os.Remove(s.f.Name()),
// os.RemoveAll(s.dir), os.Rename of its name, a function of the package
// that releases its parameter), registers a deferred removal or a closure
// that removes it, calls another releasing function of the package, or
// hands the field's value off (returns it, stores it elsewhere, passes it
// to code the analysis cannot see). Paths that end the process or panic
// are aside, and so are returns on a branch where there is nothing to
// remove: the field itself is empty (s.dir == ""), another field of the
// receiver is in its zero state (a gate: go-plugin's Kill when c.runner is
// nil, gatedrelease.go), or a field is in a state that only releasing code
// sets (s.closed, set by Close after it removed the object: a second Close
// has nothing left to do).
//
// A function that removes the object on some paths only is a partial
// releaser: syncthing's AtomicWriter.Close returns the remembered error of
// a failed Write (w.err, which Write sets without removing anything)
// before it registers "defer w.fs.Remove(w.next.Name())", so a caller
// that calls Close on every path still leaves the temp file after a failed
// write (audit33 S21). It still counts as the field's releaser for the
// ownership of the object (the owner is dealt with), and its callers are
// told that it returns at that point without removing it.

// A PartialRelease says where a function that releases what a field holds
// on some paths returns without releasing it.
type PartialRelease struct {
	// Method is the function whose return skips the release: the
	// function itself, or a releaser it calls.
	Method *types.Func
	// Return is the return that skips it.
	Return token.Pos
}

// fieldJudgement is what a function does with the temp object a field
// holds, path by path.
type fieldJudgement struct {
	some   bool      // some path releases it
	direct bool      // its own body removes it, not only a function it calls
	skip   token.Pos // a return that no release precedes; NoPos if none
	// via is the releaser called on the path whose own return skips the
	// release (the function itself when skip is its own return).
	via *types.Func
}

// ownerFields is the syntactic pre-pass: the fields of the package's
// struct types that a function calling a remover (os.Remove(All),
// os.Rename, a function of the package that releases its parameter)
// selects, and the functions whose bodies select each of them. Only those functions, and the functions of
// the package that call them, get an SSA form for the question.
func (r *Result) ownerFields() map[*types.Var][]*types.Func {
	if r.fieldUsers != nil {
		return r.fieldUsers
	}
	r.fieldUsers = make(map[*types.Var][]*types.Func)
	r.fieldType = make(map[*types.Var]*types.Named)
	removes := make(map[*types.Func]bool)
	selects := make(map[*types.Func]map[*types.Var]bool)
	for fn, d := range r.decls {
		ast.Inspect(d.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if f, named := r.FieldSelected(n); f != nil {
					r.fieldType[f] = named
					if selects[fn] == nil {
						selects[fn] = make(map[*types.Var]bool)
					}
					selects[fn][f] = true
				}
			case *ast.CallExpr:
				removes[fn] = removes[fn] || r.mayRemoveArgs(n)
			}
			return true
		})
	}
	// The fields some remover's function selects (the value may reach
	// the call through locals and closures).
	removed := make(map[*types.Var]bool)
	for fn := range removes {
		for f := range selects[fn] {
			removed[f] = true
		}
	}
	for fn, fs := range selects {
		for f := range fs {
			if removed[f] {
				r.fieldUsers[f] = append(r.fieldUsers[f], fn)
			}
		}
	}
	return r.fieldUsers
}

// mayRemoveArgs reports whether call may remove a path given in its
// arguments: a standard remover, os.Rename, or a function of the package
// that releases a parameter.
func (r *Result) mayRemoveArgs(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok {
		return false
	}
	key := funcKey(fn)
	if stdRemovers[key] || key == [2]string{"os", "Rename"} {
		return true
	}
	if fn.Pkg() != r.pkg {
		return false
	}
	for i := range call.Args {
		if r.ParamUse(fn, i) == Release {
			return true
		}
	}
	return false
}

// releaseSSA returns the SSA form of fn from the bodies the pre-pass
// keeps: the users of the removed fields and their callers in the package.
func (r *Result) releaseSSA(fn *types.Func) *ssa.Function {
	if r.ssa == nil {
		return nil
	}
	if r.releasePkg == nil {
		keep := make(map[*types.Func]bool)
		work := []*types.Func{}
		for _, fns := range r.ownerFields() {
			for _, g := range fns {
				if !keep[g] {
					keep[g] = true
					work = append(work, g)
				}
			}
		}
		calls := r.localCallers()
		for len(work) > 0 {
			g := work[len(work)-1]
			work = work[:len(work)-1]
			for _, caller := range calls[g] {
				if !keep[caller] {
					keep[caller] = true
					work = append(work, caller)
				}
			}
		}
		r.releasePkg = r.ssa.Bodies(func(f *types.Func) bool { return keep[f.Origin()] })
	}
	f := r.releasePkg.Prog.FuncValue(fn)
	if f == nil || f.Blocks == nil {
		return nil
	}
	return f
}

// judgeReleases judges, for field f, every function of the package that
// may release it: those that select it (ownerFields) and, while any is
// found to release it, their callers. Callers are judged with the
// releasers found so far, until nothing changes.
func (r *Result) judgeReleases(f *types.Var) map[*types.Func]fieldJudgement {
	if m, ok := r.releaseMemo[f]; ok {
		return m
	}
	out := make(map[*types.Func]fieldJudgement)
	r.releaseMemo[f] = out // recursion (a store judged while judging): nothing yet
	users := r.ownerFields()[f]
	if len(users) == 0 {
		return out
	}
	calls := r.localCallers()
	candidates := slices.Clone(users)
	for changed := true; changed; {
		changed = false
		for _, fn := range candidates {
			j := r.judgeRelease(fn, f, out)
			if !j.some {
				continue
			}
			if old, ok := out[fn]; ok && old == j {
				continue
			}
			if _, ok := out[fn]; !ok {
				for _, caller := range calls[fn] {
					if !slices.Contains(candidates, caller) {
						candidates = append(candidates, caller)
					}
				}
			}
			out[fn] = j
			changed = true
		}
	}
	return out
}

// judgeRelease judges what fn does with the object field f holds, given
// the releasers known so far.
func (r *Result) judgeRelease(fn *types.Func, f *types.Var, releasers map[*types.Func]fieldJudgement) fieldJudgement {
	sf := r.releaseSSA(fn)
	if sf == nil {
		return fieldJudgement{}
	}
	var j fieldJudgement
	// What each instruction of sf does: releases directly, releases by
	// calling a releaser (which may itself skip on some path).
	released := make(map[ssa.Instruction]bool)
	var calledSkip map[ssa.Instruction]*types.Func
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if r.handsOff(instr, f) {
				released[instr] = true // a path that hands it off leaves nothing behind
				continue
			}
			direct, callee := r.releaseInstr(instr, f, releasers)
			if !direct && callee == nil {
				continue
			}
			released[instr] = true
			j.some = true
			j.direct = j.direct || direct
			if callee != nil && releasers[callee].skip.IsValid() {
				if calledSkip == nil {
					calledSkip = make(map[ssa.Instruction]*types.Func)
				}
				calledSkip[instr] = callee
			}
		}
	}
	if !j.some {
		return j
	}
	// A function that stores into the field releases what it stored on
	// its own failure paths; the returns before it stored hold what
	// another function put there, which is not this one's to judge.
	if r.storesInto(r.decls[fn], f) {
		return j
	}
	type visit struct {
		b        *ssa.BasicBlock
		released bool
		excused  bool
	}
	seen := make(map[visit]bool)
	var via *types.Func // a partial releaser called on a path
	var walk func(v visit)
	walk = func(v visit) {
		if seen[v] {
			return
		}
		seen[v] = true
		for _, instr := range v.b.Instrs {
			if released[instr] && !v.released {
				v.released = true
				if c := calledSkip[instr]; c != nil && via == nil {
					via = c
				}
			}
			switch instr := instr.(type) {
			case *ssa.Call:
				if c := calleeFunc(instr); c != nil && r.exits.EndsProcessFunc(c) {
					return
				}
			case *ssa.Panic:
				return
			case *ssa.Return:
				if !v.released && !v.excused {
					pos := instr.Pos()
					if !pos.IsValid() {
						pos = returnEnd(sf)
					}
					if !j.skip.IsValid() || pos < j.skip {
						j.skip = pos
					}
				}
				return
			case *ssa.If:
				zero := r.zeroBranch(instr.Cond, f)
				for i, s := range v.b.Succs {
					next := v
					next.b = s
					if zero == i {
						next.excused = true
					}
					walk(next)
				}
				return
			}
		}
		for _, s := range v.b.Succs {
			next := v
			next.b = s
			walk(next)
		}
	}
	walk(visit{b: sf.Blocks[0]})
	switch {
	case j.skip.IsValid():
		j.via = fn
	case via != nil:
		j.skip, j.via = releasers[via].skip, releasers[via].via
	}
	return j
}

// returnEnd returns the position of the closing brace of sf's body, where
// its implicit return is.
func returnEnd(sf *ssa.Function) token.Pos {
	if d, ok := sf.Syntax().(*ast.FuncDecl); ok && d.Body != nil {
		return d.Body.Rbrace
	}
	return sf.Pos()
}

// releaseInstr reports whether instr releases what field f holds by itself
// (direct), or names the releaser of the package it calls.
func (r *Result) releaseInstr(instr ssa.Instruction, f *types.Var, releasers map[*types.Func]fieldJudgement) (direct bool, callee *types.Func) {
	if c, ok := instr.(ssa.CallInstruction); ok {
		return r.releaseCall(c.Common(), f, releasers, make(map[*ssa.Function]bool))
	}
	return false, nil
}

// handsOff reports whether instr lets the value field f holds go where
// this function no longer answers for it: returned to the caller, stored
// into another field or a package variable, passed to code the analysis
// cannot see (a function value, an interface method).
func (r *Result) handsOff(instr ssa.Instruction, f *types.Var) bool {
	held := func(v ssa.Value) bool { return heldIn(v, f, make(map[ssa.Value]bool)) }
	switch instr := instr.(type) {
	case *ssa.Return:
		return slices.ContainsFunc(instr.Results, held)
	case *ssa.Store:
		switch addr := instr.Addr.(type) {
		case *ssa.Global:
			return held(instr.Val)
		case *ssa.FieldAddr:
			return addrField(addr) != f && held(instr.Val)
		}
	case ssa.CallInstruction:
		c := instr.Common()
		if c.IsInvoke() || c.StaticCallee() == nil {
			return slices.ContainsFunc(c.Args, held)
		}
	}
	return false
}

// releaseCall judges a call, a deferred call or a goroutine.
func (r *Result) releaseCall(c *ssa.CallCommon, f *types.Var, releasers map[*types.Func]fieldJudgement, seen map[*ssa.Function]bool) (bool, *types.Func) {
	// A closure that removes it, called, deferred, started or handed to
	// a function that registers it (t.Cleanup, sync.Once.Do).
	for _, a := range append([]ssa.Value{c.Value}, c.Args...) {
		if mc, ok := a.(*ssa.MakeClosure); ok {
			if d, callee := r.closureReleases(mc.Fn.(*ssa.Function), f, releasers, seen); d || callee != nil {
				return d, callee
			}
		}
		if lit, ok := a.(*ssa.Function); ok && lit.Parent() != nil {
			if d, callee := r.closureReleases(lit, f, releasers, seen); d || callee != nil {
				return d, callee
			}
		}
	}
	if c.IsInvoke() {
		return false, nil
	}
	callee := c.StaticCallee()
	if callee == nil {
		return false, nil
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		return false, nil
	}
	fn = fn.Origin()
	key := funcKey(fn)
	switch {
	case stdRemovers[key], key == [2]string{"os", "Rename"}:
		return len(c.Args) > 0 && r.nameIn(c.Args[0], f), nil
	case fn.Pkg() == r.pkg:
		if _, ok := releasers[fn]; ok {
			return false, fn
		}
		sig := fn.Type().(*types.Signature)
		first := 0
		if sig.Recv() != nil {
			first = 1
		}
		for i, a := range c.Args {
			if i >= first && heldIn(a, f, make(map[ssa.Value]bool)) && r.ParamUse(fn, i-first) == Release {
				return true, nil
			}
		}
	}
	return false, nil
}

// closureReleases reports whether the function literal lit (or one inside
// it) removes what f holds on some path, or calls a releaser.
func (r *Result) closureReleases(lit *ssa.Function, f *types.Var, releasers map[*types.Func]fieldJudgement, seen map[*ssa.Function]bool) (bool, *types.Func) {
	if seen[lit] {
		return false, nil
	}
	seen[lit] = true
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if d, callee := r.releaseCall(c.Common(), f, releasers, seen); d || callee != nil {
					return d, callee
				}
			}
		}
	}
	return false, nil
}

// addrField returns the field that fa addresses, its origin for a generic
// type.
func addrField(fa *ssa.FieldAddr) *types.Var {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}

// heldIn reports whether v is the value field f holds: a load of the
// field, through conversions, phis and local cells.
func heldIn(v ssa.Value, f *types.Var, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch addr := x.X.(type) {
		case *ssa.FieldAddr:
			return addrField(addr) == f
		case *ssa.FreeVar:
			// A captured variable: its cell, bound where the literal is made.
			if b := binding(addr); b != nil {
				if cell, ok := b.(*ssa.Alloc); ok {
					return cellHolds(cell, f, seen)
				}
			}
		case *ssa.Alloc:
			return cellHolds(addr, f, seen)
		}
	case *ssa.FreeVar:
		b := binding(x)
		return b != nil && heldIn(b, f, seen)
	case *ssa.Field:
		st, ok := x.X.Type().Underlying().(*types.Struct)
		return ok && x.Field < st.NumFields() && st.Field(x.Field).Origin() == f
	case *ssa.ChangeType:
		return heldIn(x.X, f, seen)
	case *ssa.Convert:
		return heldIn(x.X, f, seen)
	case *ssa.MakeInterface:
		return heldIn(x.X, f, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if heldIn(e, f, seen) {
				return true
			}
		}
	}
	return false
}

// cellHolds reports whether some store into the local cell stores the
// value field f holds.
func cellHolds(cell *ssa.Alloc, f *types.Var, seen map[ssa.Value]bool) bool {
	for _, ref := range *cell.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == cell && heldIn(st.Val, f, seen) {
			return true
		}
	}
	return false
}

// binding returns the value bound to the free variable v where its
// function literal is made, or nil.
func binding(v *ssa.FreeVar) ssa.Value {
	lit := v.Parent()
	i := slices.Index(lit.FreeVars, v)
	if i < 0 || lit.Parent() == nil {
		return nil
	}
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == lit && i < len(mc.Bindings) {
				return mc.Bindings[i]
			}
		}
	}
	return nil
}

// nameIn reports whether v is the name of what field f holds: the field's
// value (a path), the Name() of the file it holds, or what a method of the
// package that returns its receiver as a string (a path wrapper's
// String(): returnsReceiver) returns for it.
func (r *Result) nameIn(v ssa.Value, f *types.Var) bool {
	if heldIn(v, f, make(map[ssa.Value]bool)) {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 1 || call.Call.StaticCallee() == nil {
		return false
	}
	fn, _ := call.Call.StaticCallee().Object().(*types.Func)
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if funcKey(fn) != [2]string{"os", "File.Name"} && (fn.Pkg() != r.pkg || !r.returnsReceiver(fn)) {
		return false
	}
	return heldIn(call.Call.Args[0], f, make(map[ssa.Value]bool))
}

// zeroBranch returns the successor of an If on cond (0 or 1) on which
// there is nothing to remove, or -1: the field f itself compared with its
// zero value (the zero side), another field compared with its zero value
// or read as a boolean (the zero side: a gate), or the non-zero side of a
// field that only code releasing f sets to a non-zero value.
func (r *Result) zeroBranch(cond ssa.Value, f *types.Var) int {
	field, zeroSide := fieldZeroTest(cond)
	if field == nil {
		return -1
	}
	if field == f {
		return zeroSide
	}
	if r.setOnlyByReleasers(field, f) {
		return 1 - zeroSide
	}
	return zeroSide
}

// fieldZeroTest returns the field whose loaded value cond tests against
// its zero value (s.g == nil, s.g != "", s.b), and the successor on which
// it is zero.
func fieldZeroTest(cond ssa.Value) (*types.Var, int) {
	if load, ok := cond.(*ssa.UnOp); ok && load.Op == token.MUL {
		if fa, ok := load.X.(*ssa.FieldAddr); ok {
			return addrField(fa), 1 // if s.b: false is zero
		}
		return nil, -1
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, -1
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		k, ok := pair[1].(*ssa.Const)
		if !ok || !zeroConst(k) {
			continue
		}
		load, ok := pair[0].(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		fa, ok := load.X.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if bin.Op == token.EQL {
			return addrField(fa), 0
		}
		return addrField(fa), 1
	}
	return nil, -1
}

// zeroConst reports whether k is its type's zero value.
func zeroConst(k *ssa.Const) bool {
	if k.Value == nil {
		return true
	}
	switch k.Value.Kind() {
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Bool:
		return !constant.BoolVal(k.Value)
	case constant.Int, constant.Float:
		return constant.Sign(k.Value) == 0
	}
	return false
}

// setOnlyByReleasers reports whether every function of the package that
// stores a value into field g other than its zero value also releases
// what f holds on some path: g then says that the object is gone (a
// closed flag). A remembered error that Write sets is no such state.
func (r *Result) setOnlyByReleasers(g, f *types.Var) bool {
	releasers := r.releaseMemo[f]
	set := false
	for fn, d := range r.decls {
		stores := false
		ast.Inspect(d.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return !stores
			}
			for i, l := range as.Lhs {
				if h, _ := r.FieldSelected(l); h == g && !r.zeroExpr(as.Rhs[i]) {
					stores = true
				}
			}
			return !stores
		})
		if !stores {
			continue
		}
		set = true
		if _, ok := releasers[fn]; !ok && !r.removesDirectly(fn, f) {
			return false
		}
	}
	return set
}

// removesDirectly reports whether fn's own body removes what f holds on
// some path (used while the releasers of f are still being judged).
func (r *Result) removesDirectly(fn *types.Func, f *types.Var) bool {
	if !slices.Contains(r.ownerFields()[f], fn) {
		return false
	}
	sf := r.releaseSSA(fn)
	if sf == nil {
		return false
	}
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if d, _ := r.releaseInstr(instr, f, nil); d {
				return true
			}
		}
	}
	return false
}

// zeroExpr reports whether e is the constant zero value of its type, or
// nil.
func (r *Result) zeroExpr(e ast.Expr) bool {
	tv, ok := r.info.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	return tv.Value != nil && zeroConst(&ssa.Const{Value: tv.Value})
}

// FieldReleasers returns the functions of the package that remove the
// temp object held in field f (os.RemoveAll(s.dir), os.Remove(s.f.Name()),
// a deferred or registered removal, a call of another such function) on
// some path; PartialReleases says which of them skip it on others.
func (r *Result) FieldReleasers(f *types.Var) map[*types.Func]bool {
	m := make(map[*types.Func]bool)
	for fn := range r.judgeReleases(f.Origin()) {
		m[fn] = true
	}
	return m
}

// PartialReleases returns, for the methods of the package that release
// what f holds on some paths only, where they return without releasing
// it. Only methods called without arguments are called to release the
// object: one that takes data (TempArchive.Read removes its file once it
// has read it to the end) releases as its input decides, and is called
// again until it does.
func (r *Result) PartialReleases(f *types.Var) map[*types.Func]PartialRelease {
	out := make(map[*types.Func]PartialRelease)
	noArgs := func(fn *types.Func) bool {
		sig := fn.Type().(*types.Signature)
		return sig.Recv() != nil && sig.Params().Len() == 0
	}
	for fn, j := range r.judgeReleases(f.Origin()) {
		if j.skip.IsValid() && noArgs(fn) && noArgs(j.via) {
			out[fn] = PartialRelease{Method: j.via, Return: j.skip}
		}
	}
	return out
}

// directReleasers returns the functions of the package whose own body
// removes what f holds (not only by calling another), less those that
// also store into f: they remove what they stored themselves, on their own
// failure paths, not what another method left there.
func (r *Result) directReleasers(f *types.Var) []*types.Func {
	var fns []*types.Func
	byPos := func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) }
	for _, fn := range slices.SortedFunc(maps.Keys(r.judgeReleases(f.Origin())), byPos) {
		if r.judgeReleases(f.Origin())[fn].direct && !r.storesInto(r.decls[fn], f) {
			fns = append(fns, fn)
		}
	}
	return fns
}

// Removes reports whether fn, a releaser of what field f holds, removes
// it on some path (or calls a releaser that does), rather than only
// renaming it to its target: a writer whose Close renames its temp file
// onto the target is no method to call on a failure path, where it would
// put a partial file in the target's place.
func (r *Result) Removes(fn *types.Func, f *types.Var) bool {
	return r.removes(fn.Origin(), f.Origin(), make(map[*types.Func]bool))
}

func (r *Result) removes(fn *types.Func, f *types.Var, seen map[*types.Func]bool) bool {
	releasers := r.judgeReleases(f)
	if _, ok := releasers[fn]; !ok || seen[fn] {
		return false
	}
	seen[fn] = true
	sf := r.releaseSSA(fn)
	if sf == nil {
		return false
	}
	for _, lit := range append([]*ssa.Function{sf}, allAnon(sf)...) {
		for _, b := range lit.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok || c.Common().IsInvoke() || c.Common().StaticCallee() == nil {
					continue
				}
				callee, _ := c.Common().StaticCallee().Object().(*types.Func)
				if callee == nil {
					continue
				}
				callee = callee.Origin()
				args := c.Common().Args
				switch {
				case stdRemovers[funcKey(callee)]:
					if len(args) > 0 && r.nameIn(args[0], f) {
						return true
					}
				case callee.Pkg() == r.pkg:
					if r.removes(callee, f, seen) {
						return true
					}
					sig := callee.Type().(*types.Signature)
					first := 0
					if sig.Recv() != nil {
						first = 1
					}
					for i, a := range args {
						if i >= first && heldIn(a, f, make(map[ssa.Value]bool)) && r.ParamUse(callee, i-first) == Release {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// allAnon returns the function literals in sf, nested ones included.
func allAnon(sf *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, a := range sf.AnonFuncs {
		out = append(out, a)
		out = append(out, allAnon(a)...)
	}
	return out
}

// MethodName names fn for a message: "AtomicWriter.Close", or the
// function's name.
func MethodName(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// Removal says how to remove what field holds inside fn: through fn's
// receiver when the field is one of its type's (os.Remove(w.next.Name())
// for a file, os.Remove(w.path) for a file's name, os.RemoveAll(w.dir)
// for a directory).
func Removal(fn *types.Func, field *types.Var, kind Kind) string {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Recv().Name() == "" || sig.Recv().Name() == "_" || !fieldOf(sig.Recv().Type(), field) {
		return "remove what field " + field.Name() + " holds"
	}
	held := sig.Recv().Name() + "." + field.Name()
	switch {
	case pkgtypes.IsOSFile(field.Type()):
		return fmt.Sprintf("call os.Remove(%s.Name())", held)
	case kind == File:
		return fmt.Sprintf("call os.Remove(%s)", held)
	}
	return fmt.Sprintf("call os.RemoveAll(%s)", held)
}

// fieldOf reports whether f is a field of the struct t (or *t) itself.
func fieldOf(t types.Type, f *types.Var) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Origin() == f.Origin() {
			return true
		}
	}
	return false
}
