package tempfacts

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
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

// ownerFields is the syntactic pre-pass: for each field of the package's
// struct types, the functions that select it and either call a standard
// remover or os.Rename themselves (in a closure too: the value may reach
// the call through locals and captured variables), or pass an expression
// that selects it to a function of the package (which may release its
// parameter). Only those functions get an SSA form for the question, and
// their callers once one of them is found to release the field.
func (r *Result) ownerFields() map[*types.Var][]*types.Func {
	if r.fieldUsers != nil {
		return r.fieldUsers
	}
	r.fieldUsers = make(map[*types.Var][]*types.Func)
	r.fieldType = make(map[*types.Var]*types.Named)
	r.fieldRemovers = make(map[*types.Var][]*types.Func)
	for fn, d := range r.decls {
		removes := false
		selects := make(map[*types.Var]bool)
		passed := make(map[*types.Var]bool)
		ast.Inspect(d.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if f, named := r.FieldSelected(n); f != nil {
					r.fieldType[f] = named
					selects[f] = true
				}
			case *ast.CallExpr:
				callee, ok := typeutil.Callee(r.info, n).(*types.Func)
				if !ok {
					return true
				}
				if key := funcKey(callee); stdRemovers[key] || key == [2]string{"os", "Rename"} {
					removes = true
				} else if callee.Pkg() == r.pkg {
					for _, a := range n.Args {
						ast.Inspect(a, func(m ast.Node) bool {
							if e, ok := m.(ast.Expr); ok {
								if f, _ := r.FieldSelected(e); f != nil {
									passed[f] = true
								}
							}
							return true
						})
					}
				}
			}
			return true
		})
		for f := range selects {
			if removes || passed[f] {
				r.fieldUsers[f] = append(r.fieldUsers[f], fn)
			}
			if removes {
				r.fieldRemovers[f] = append(r.fieldRemovers[f], fn)
			}
		}
	}
	return r.fieldUsers
}

// releaseSSA returns the SSA form of fn, one of the functions the
// releasers of a field are looked for in. The bodies are built in
// batches: those asked for at once (want) share one form.
func (r *Result) releaseSSA(fn *types.Func, want []*types.Func) *ssa.Function {
	if r.ssa == nil {
		return nil
	}
	fn = fn.Origin()
	pkg, ok := r.releaseBuilt[fn]
	if !ok {
		batch := make(map[*types.Func]bool)
		for _, g := range append(want, fn) {
			if _, built := r.releaseBuilt[g.Origin()]; !built && r.decls[g.Origin()] != nil {
				batch[g.Origin()] = true
			}
		}
		pkg = r.ssa.Bodies(func(f *types.Func) bool { return batch[f.Origin()] }, nil)
		for g := range batch {
			r.releaseBuilt[g] = pkg
		}
		r.releaseBuilt[fn] = pkg
	}
	f := pkg.Prog.FuncValue(fn)
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
			j := r.judgeRelease(fn, f, out, candidates)
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
func (r *Result) judgeRelease(fn *types.Func, f *types.Var, releasers map[*types.Func]fieldJudgement, batch []*types.Func) fieldJudgement {
	sf := r.releaseSSA(fn, batch)
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
