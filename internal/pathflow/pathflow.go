// Package pathflow finds the paths on which a resource created in a function
// is not released: the control-flow search that tmplint's "must be cleaned up
// on every path" rules share. It is modelled on x/tools' lostcancel pass and
// works on the syntactic control-flow graphs of go/cfg, as built by the
// ctrlflow pass (which knows that os.Exit, log.Fatal, t.Fatal and panic do not
// return).
//
// # Usage
//
// An analyzer finds the node that creates a resource (a temp file, a started
// command, an open pipe end), and describes what releases it with a
// predicate. Leaks then walks the CFG from just after the creation to every
// exit of the function and returns the exits reached without a release:
//
//	cfgs := pass.ResultOf[ctrlflow.Analyzer].(*ctrlflow.CFGs)
//	exits := pathflow.NewExits(pass.TypesInfo, pass.Files)
//	leaks := pathflow.Leaks(&pathflow.Query{
//		Info:     pass.TypesInfo,
//		CFG:      cfgs.FuncDecl(decl), // or cfgs.FuncLit(lit)
//		Creation: assign,              // e.g. f, err := os.CreateTemp("", "x")
//		Err:      errVar,              // the err of the creation, or nil
//		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
//			if isCloseOf(n, f) {
//				return pathflow.Action{Effect: pathflow.Released}
//			}
//			return pathflow.Action{}
//		},
//		Registers: isTestingCleanup, // t.Cleanup(fn) runs fn at the end
//		Exit:      exits.Kind,
//	})
//
// The predicate is called for the nodes of every statement on the path and
// for the nodes below them, outermost first; a node for which it returns an
// effect is not descended into. It is not called inside function literals:
// Leaks itself credits a release found (on any path) in the body of a
// function literal that is called there, deferred, started as a goroutine,
// passed to a call (Registers decides whether that call runs it at the end
// or now), returned or stored, and in the body of a literal assigned to a
// local variable that is then called, deferred, passed or returned
// ("cleanup := func() { ... }; defer cleanup()").
//
// What the search knows:
//   - The failure branch of the creation needs nothing: when Err is set, the
//     true branch of "Err != nil" (the false branch of "Err == nil") is not
//     searched, as long as Err has not been assigned again since. The true
//     branch of a disjunction with "Err != nil" ("x == nil || Err != nil")
//     is taken for the failure branch too, and so is the false branch of a
//     conjunction with "Err == nil".
//   - Branches correlated with the creation are followed (conditions.go):
//     the true branch of a call that is true only for a non-nil error
//     (Query.ErrPredicate: errors.Is(Err, target), os.IsNotExist(Err), a
//     predicate with a fact) is a failure branch; so is the branch where
//     Query.Obj, not assigned since, is nil (or "", or of length 0); so is the branch
//     where "_, ok := Err.(T)" gave ok. A boolean local variable (its
//     address never taken, no function literal assigning it) assigned such
//     a condition, or a constant, carries the branch it rules out to every
//     later test of it until it is assigned again: "owned := err == nil;
//     ...; if owned { release(r) }". Conditions combine exactly through
//     !, && and ||; the disjunction approximation above applies to direct
//     error tests only.
//   - Repeated pure conditions (repeated.go): a path that took one branch
//     of a condition that only reads variables ("*keep", "opts.detach",
//     "mode == 2") takes the same branch at a later identical test (or its
//     negation), until a node that may write what it reads: an assignment
//     to it, a call given it, and for conditions that read more than the
//     function's own locals a store through a pointer or a call that may
//     run the code of the variable's package (or package flag's). A
//     creation in a branch of an if starts its search having taken that
//     branch: the resource made under "if outfile == """ meets a later
//     "if outfile == """ on its true branch only.
//   - A node of effect Succeeds has an error taken to be nil: the branch
//     where it is not is not searched (the Close of a file nothing was
//     written to).
//   - A release of effect Deferred (a defer statement, a registration with
//     t.Cleanup) covers every later exit except those that end the process
//     without unwinding (os.Exit, log.Fatal): such an exit is a leak whose
//     Deferred field names the release it skips. Query.Deferred, a release
//     deferred before the creation, may be guarded by the error result
//     ("defer func() { if err != nil { cleanup() } }()"): then
//     Query.DeferredRuns says which returns it covers.
//   - A release of effect ReleasedIfNil hands the resource off when the given
//     error is nil (os.Rename of a temp file): the branch where it is not nil
//     is searched further, unreleased.
//   - Reaching the creation again (a loop) before a release is a leak of kind
//     Reentry: the previous object is lost when its variable is overwritten.
//
// Leaks with a nil Creation starts at the function's entry: that is how a
// function is shown to release one of its parameters on every path.
package pathflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// An Effect says what a node does to the resource.
type Effect int

const (
	// None: the node neither releases nor hands off the resource.
	None Effect = iota
	// Succeeds: the node neither releases nor hands off the resource, and
	// its error, Action.Err, is taken to be nil: the branch where it is not
	// is not searched. For a call whose failure is not worth a finding (a
	// Close of a file nothing was written to). Not a release: inside a
	// defer or a function literal it is ignored.
	Succeeds
	// Deferred: the node arranges for the release to happen when the
	// function returns or unwinds (defer, t.Cleanup).
	Deferred
	// ReleasedIfNil: the node releases or hands off the resource if the
	// error variable Action.Err is nil afterwards (err := os.Rename(tmp, dst)).
	ReleasedIfNil
	// Released: the node releases or hands off the resource.
	Released
)

// An Action is the predicate's verdict on one node.
type Action struct {
	Effect Effect
	// Err is, for ReleasedIfNil, the error variable that says whether the
	// release happened; when nil the release is assumed to have happened.
	// For Succeeds, the error variable taken to be nil.
	Err *types.Var
	// OnError is, for Deferred, 1 + the index of the named error result
	// that guards the release: it runs only at returns that give that
	// result an error. 0: it runs at every return.
	OnError int
	// Guard is, for Deferred, the condition ("err != nil" on a variable
	// that is not a result) under which the release runs, or nil.
	Guard ast.Expr
	// Via is, for Deferred, 1 + the index of the named result through
	// which every release in the deferred function literal reaches the
	// resource (it reads that result when it runs, after a return has
	// assigned it: overwritten.go); 0 when there is none.
	Via int
}

// An ExitKind says how a path leaves the function.
type ExitKind int

const (
	// Return: a return statement, or the end of the body.
	Return ExitKind = iota
	// Panic: a call to panic; deferred calls run.
	Panic
	// Goexit: another call that does not return but unwinds the stack, so
	// deferred calls and t.Cleanup functions run (runtime.Goexit,
	// t.Fatal, t.Skip), or one whose nature is not known.
	Goexit
	// ProcessExit: a call that ends the process without running deferred
	// calls (os.Exit, log.Fatal).
	ProcessExit
	// Reentry: the creation is reached again before the resource was
	// released, so the previous one is lost.
	Reentry
)

func (k ExitKind) String() string {
	switch k {
	case Return:
		return "return"
	case Panic:
		return "panic"
	case Goexit:
		return "goexit"
	case ProcessExit:
		return "process exit"
	case Reentry:
		return "reentry"
	}
	return "?"
}

// A Query describes one resource to follow.
type Query struct {
	Info *types.Info
	// CFG is the control-flow graph of the function that creates the
	// resource.
	CFG *cfg.CFG
	// Creation is the node that creates the resource: a node of one of
	// the CFG's blocks or an expression inside one. Nil means the entry of
	// the function.
	Creation ast.Node
	// Err is the error variable of the creation; nil if there is none.
	Err *types.Var
	// Release judges a node; see the package documentation.
	Release func(n ast.Node, stack []ast.Node) Action
	// Registers reports whether the call registers its function-valued
	// arguments to run when the function (or test) ends, like t.Cleanup.
	// A release in a function passed to another call counts as immediate.
	// Optional.
	Registers func(call *ast.CallExpr) bool
	// Exit classifies a call that ends a block with no successors (a call
	// that does not return). Optional: without it, panic is Panic and
	// every other call is Goexit. Exits.Kind is a ready-made classifier.
	Exit func(call *ast.CallExpr) ExitKind
	// ExitOnError, when not nil, returns the argument of a call that
	// ends the process when that argument is a non-nil error and returns
	// otherwise (a CheckIfError helper), or nil. Such a call as a
	// statement is an exit of kind ProcessExit (Leak.OnError) on the
	// path where the error is not nil, and a plain statement on the
	// other; on Err, not assigned since the creation, it is the
	// creation's error check. Optional.
	ExitOnError func(call *ast.CallExpr) ast.Expr
	// KeepReturned, when set, stops a function literal (or a variable
	// holding one) that releases the resource from counting as a release
	// when it is returned: for finding the returns that hand a resource and
	// its cleanup function to the caller.
	KeepReturned bool
	// Obj, when not nil, is the variable the creation assigns the resource
	// to: until it is assigned again, the branch where it is nil (or "" for
	// a name) is one where the creation failed, and is not searched.
	Obj *types.Var
	// ObjMayBeOwn: the resource in Obj may instead be a value the
	// function owns no obligation for (a creator's caller's own value,
	// which it hands back on some path): the branch where Obj, not
	// assigned since, equals another variable's value ("p == key",
	// "f == s.Override") is one where it is that value, and is not
	// searched. Optional.
	ObjMayBeOwn bool
	// ErrPredicate, when not nil, returns the error argument of a call that
	// returns true only for a non-nil error (errors.Is(err, target),
	// os.IsNotExist(err), a function with such a fact), or nil: the true
	// branch of such a call on Err is the failure branch. Optional.
	ErrPredicate func(call *ast.CallExpr) ast.Expr
	// Deferred, when not nil, is a deferred release registered before the
	// creation (a defer that removes the variable the creation assigns):
	// it covers the exits as a deferred release on the path would.
	Deferred ast.Node
	// Table, when not nil, reports whether a package-level variable always
	// holds a non-empty table (CFGs.Table): a range over it runs its body
	// at least once. Optional.
	Table func(v *types.Var) bool
	// DeferredRuns, when not nil, says whether the release of Deferred
	// runs at a return statement: for a release guarded by the error
	// result ("defer func() { if err != nil { cleanup() } }()"), which a
	// return of a nil error skips. Returns it says false for are leaks.
	DeferredRuns func(ret *ast.ReturnStmt) bool
	// HeldBy, when not nil, returns the variable that holds the resource
	// after the node, or nil: from there, as for Obj, the branch where
	// that variable is nil is not searched until it is assigned again
	// ("current = cmd.Process", then "if current != nil"). Optional.
	HeldBy func(n ast.Node) *types.Var
	// Results, when not nil, are the results of the function. A deferred
	// function literal registered on the path whose every release is
	// guarded by a named error result ("defer func() { if err != nil {
	// os.Remove(name) } }()") then covers only the returns that may give
	// that result an error, not "return f, nil" (guard.go). Without
	// Results such a release covers every return. Optional.
	Results *types.Tuple
	// Absent, when not nil, is a boolean local variable whose value
	// AbsentWhen, from the creation until the variable is assigned again,
	// says that the resource does not exist on the path: a file created
	// only under "if owned" and handed on after it, whose other branch
	// holds a file the function does not own ("if owned { f.Close() }").
	// Optional.
	Absent     *types.Var
	AbsentWhen bool
	// Holds, when not nil, is a pure condition known to be true at the
	// creation: the obligation was made under "if Holds" before it (an
	// IO's files handed to a command only "if opts != nil"), and a later
	// branch on the same condition, unwritten since, takes the same way.
	// The caller makes sure nothing it reads is written between the
	// branch and the creation. Optional.
	Holds ast.Expr
	// NotNil, when not nil, reports whether the expression is known not to
	// be nil from the creation on (a method was called through it before):
	// a branch where it is nil is never taken. Optional.
	NotNil func(x ast.Expr) bool
	// ErrResult says that the creation is a call whose only result is
	// its error (cmd.Start()): where the call itself is compared with
	// nil ("if cmd.Start() == nil && ..."), the branch where it is not
	// nil is a failure, as for Err. Optional.
	ErrResult bool
	// NoteUnchecked asks the search to say, per leak, whether some path
	// reaches it without having taken a branch that shows the creation
	// succeeded (Leak.Unchecked): a hint that acts on the resource there
	// must first test that it exists. Optional: it costs states.
	NoteUnchecked bool
	// MayMakeNothing: the creation, reached again, may make nothing (a
	// call that stores an object through a pointer argument only for
	// some of its inputs): the search goes on through it as through any
	// other node, and the object made before is still held. Optional.
	MayMakeNothing bool
	// DeferredReleases, for Reaches, counts a release of effect Deferred
	// that runs at every return (not guarded by an error) as a release:
	// the nodes after it are reached only once the function's end is
	// arranged to release the resource. Optional.
	DeferredReleases bool
}

// A Leak is an exit reached without a release.
type Leak struct {
	// Node is the *ast.ReturnStmt (possibly an implicit one, positioned at
	// the closing brace of the body), the *ast.CallExpr that does not
	// return, or, for Reentry, the creation.
	Node ast.Node
	Kind ExitKind
	// Deferred is, for a ProcessExit leak, the node of the deferred release
	// that the exit skips; nil if there was none.
	Deferred ast.Node
	// OnError says, for a ProcessExit leak, that the call ends the
	// process only when its error argument is not nil
	// (Query.ExitOnError).
	OnError bool
	// Guarded says, for a Return leak, that a release deferred under "if
	// err != nil" was registered on the path but does not run at this
	// return: err is nil there (a shadowed err was returned, or nil).
	Guarded bool
	// Overwrites is, for a Return leak, the named result through which
	// the deferred release registered on the path reaches the resource,
	// when this return gives that result a constant ("return "", err"):
	// the release runs after the assignment and finds no resource
	// (overwritten.go).
	Overwrites *types.Var
	// Flag is, for a Return leak, the condition on a flag variable (one
	// the function sets only to constants) under which a deferred
	// release runs, when the path knows it is false at this return
	// ("if !keep { os.Remove(name) }" after "keep := true").
	Flag ast.Expr
	// Unchecked says, when Query.NoteUnchecked is set, that some path
	// reaches this return without a branch showing that the creation's
	// error was nil ("err = cmd.Start(); if ctx.Err() != nil { return
	// ... }"): on that path the creation may have failed, and the
	// resource may not exist. ErrReassigned says that on such a path the
	// creation's error variable was assigned again, so it no longer tells.
	Unchecked, ErrReassigned bool
}

// Leaks returns the exits reachable from the creation on a path that does
// not release the resource, in the order found; nil if every path releases
// it. It returns nil if the creation is not in the CFG.
func Leaks(q *Query) []Leak {
	if q.CFG == nil || q.Release == nil {
		return nil
	}
	var leaks []Leak
	bounded(q, state{deferred: q.Deferred}, func(s *search, b *cfg.Block, i int, st state) {
		s.walk(b, i, st)
		leaks = s.leaks
	})
	return leaks
}

// bounded runs a search from the creation, starting with st (to which it
// adds the creation's error and object), as search, first in full detail
// and again with less each time it passes maxStates. It does nothing if
// the creation is not in the CFG.
func bounded(q *Query, st state, search func(s *search, b *cfg.Block, i int, st state)) {
	st.err, st.obj = q.Err, q.Obj
	if q.Err != nil || q.ErrResult {
		st.errKind = errOfCreation
	}
	if q.Absent != nil {
		d := derivation{v: q.Absent}
		if q.AbsentWhen {
			d.absent[0] = true
		} else {
			d.absent[1] = true
		}
		st.derived.add(d)
	}
	for detail := fullDetail; ; detail++ {
		s := newSearch(q, detail)
		start, idx := s.locate()
		if start == nil {
			return
		}
		seeded := st
		s.seedEnclosing(start, idx, &seeded)
		if q.Holds != nil {
			s.rememberCond(q.Holds, true, &seeded)
		}
		search(s, start, idx, seeded)
		if !s.over || detail == leastDetail {
			return
		}
	}
}

// maxStates bounds the states one search visits. The path state remembers
// conditions and derived booleans, and a long function with many
// independent conditions has combinations of them beyond count:
// cmd/go's gccgoToolchain.link reached 786,451 states, 5 s and 100 MB for
// one query. Ordinary functions stay under 13,000.
const maxStates = 1 << 15

// A detail level says what a search's path state remembers. A search past
// maxStates starts again with less: forgetting conditions or derivations
// can only keep a path, never drop one, so the coarser search still sees
// every real path, at the cost of some that no execution takes. A search
// past the bound at the least detail stops, having judged what it reached.
type detail uint8

const (
	fullDetail  detail = iota
	noRepeated         // no memory of repeated conditions (repeated.go)
	leastDetail        // and no booleans derived from the error (conditions.go)
)

func newSearch(q *Query, d detail) *search {
	s := &search{q: q, detail: d, seen: make(map[visit]bool), reported: make(map[ast.Node]bool)}
	s.findClosures()
	return s
}

// visit records that the search reached key, and reports whether it is
// the first time and the search is within its bound.
func (s *search) visit(key visit) bool {
	if s.over || s.seen[key] {
		return false
	}
	if len(s.seen) >= maxStates {
		s.over = true
		return false
	}
	s.seen[key] = true
	return true
}

type errKind uint8

const (
	errNone       errKind = iota
	errOfCreation         // err != nil means there is no resource
	errOfRelease          // err == nil means the resource was released
)

type state struct {
	deferred ast.Node // the deferred release registered on the path
	onError  int      // a deferred release guarded by the error result (Action.OnError), if no other
	guard    ast.Expr // a deferred release guarded by another error variable (Action.Guard), if no other
	err      *types.Var
	errKind  errKind
	obj      *types.Var // Query.Obj, until it is assigned again
	entered  uint64     // the never-empty range loops entered on the path (ranges.go)
	derived  derivations
	conds    condMemos // pure conditions taken on the path (repeated.go)
	// checked: a branch on the path showed that the creation succeeded
	// (only with Query.NoteUnchecked); reassigned: the creation's error
	// variable was assigned again before that.
	checked, reassigned bool
	// deferredVia and guardVia are the Action.Via of the releases in
	// deferred and in onError or guard.
	deferredVia, guardVia int
}

type visit struct {
	block    int32
	from     int
	deferred bool
	onError  int
	guard    ast.Expr
	via      [2]int
	err      *types.Var
	errKind  errKind
	obj      bool
	entered  uint64
	derived  derivations
	conds    condMemos
	checked  bool
	reassign bool
}

func (st *state) key(b *cfg.Block, i int) visit {
	return visit{block: b.Index, from: i, deferred: st.deferred != nil, onError: st.onError, guard: st.guard, via: [2]int{st.deferredVia, st.guardVia}, err: st.err, errKind: st.errKind,
		obj: st.obj != nil, entered: st.entered, derived: st.derived, conds: st.conds, checked: st.checked, reassign: st.reassigned}
}

// step updates the state for block node n, before it is judged: the error
// and the object are forgotten when assigned again, and the boolean
// variables it assigns are derived again. It reports false when the error of
// a release is overwritten (the path then ends: assume it was handled).
func (s *search) step(n ast.Node, st *state) bool {
	s.forgetWritten(n, st)
	s.derive(n, st)
	if st.err != nil && assigns(s.q.Info, n, st.err) {
		if st.errKind == errOfRelease {
			return false
		}
		if s.q.NoteUnchecked && st.errKind == errOfCreation && !st.checked {
			st.reassigned = true
		}
		st.err, st.errKind = nil, errNone
	}
	if st.obj != nil && assigns(s.q.Info, n, st.obj) {
		st.obj = nil
	}
	if s.q.HeldBy != nil {
		if v := s.q.HeldBy(n); v != nil {
			st.obj = v
		}
	}
	return true
}

type search struct {
	q        *Query
	detail   detail
	seen     map[visit]bool
	over     bool // past maxStates: the search stops
	leaks    []Leak
	reported map[ast.Node]bool
	// closures maps local variables holding a function literal (or
	// another such variable) to whether its body releases the resource.
	closures map[*types.Var]bool
	litVars  map[*types.Var][]ast.Expr
	// constSet are the variables that the function sets only to boolean
	// constants (flagVar), found by scanFunc.
	constSet map[*types.Var]bool
	// unsafeVars are the variables whose address is taken or that a
	// function literal assigns; caseValues the case values of switches
	// with a tag. Both are found on first use, by scanFunc.
	unsafeVars map[*types.Var]bool
	captured   map[*types.Var]bool // used in a function literal
	caseValues map[ast.Expr]bool
	// bodyStart and bodyEnd span the function's statements: a variable
	// declared outside them is not followed.
	bodyStart, bodyEnd token.Pos
	// atoms are the pure conditions met (repeated.go), numbered from 1 by
	// atomKeys; atomOf caches the number of an expression, objNums names
	// variables in keys; writes caches what a node may write.
	atoms    []atom
	atomKeys map[string]int32
	atomOf   map[ast.Expr]int32
	objNums  map[types.Object]int
	writes   map[ast.Node]*nodeWrites
	// loopBits numbers the heads of never-empty range loops (ranges.go).
	loopBits map[*cfg.Block]uint64
}

// locate finds the block and the index after the creation.
func (s *search) locate() (*cfg.Block, int) {
	blocks := s.q.CFG.Blocks
	if s.q.Creation == nil {
		if len(blocks) == 0 {
			return nil, 0
		}
		return blocks[0], 0
	}
	c := s.q.Creation
	for _, b := range blocks {
		if !b.Live {
			continue
		}
		for i, n := range b.Nodes {
			if n == c || (n.Pos() <= c.Pos() && c.End() <= n.End() && !inFuncLit(n, c)) {
				return b, i + 1
			}
		}
	}
	return nil, 0
}

// inFuncLit reports whether c lies inside a function literal within n.
func inFuncLit(n, c ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found || m == nil {
			return false
		}
		if lit, ok := m.(*ast.FuncLit); ok && lit.Pos() <= c.Pos() && c.End() <= lit.End() {
			found = true
			return false
		}
		return m.Pos() <= c.Pos() && c.End() <= m.End()
	})
	return found
}

// isCreation reports whether node n of a block is (or holds) the creation.
func (s *search) isCreation(n ast.Node) bool {
	c := s.q.Creation
	return c != nil && (n == c || (n.Pos() <= c.Pos() && c.End() <= n.End() && !inFuncLit(n, c)))
}

func (s *search) leak(l Leak) {
	if s.reported[l.Node] {
		for i := range s.leaks {
			if s.leaks[i].Node == l.Node {
				s.leaks[i].Unchecked = s.leaks[i].Unchecked || l.Unchecked
				s.leaks[i].ErrReassigned = s.leaks[i].ErrReassigned || l.ErrReassigned
			}
		}
		return
	}
	s.reported[l.Node] = true
	s.leaks = append(s.leaks, l)
}

// walk follows the paths from node index i of block b.
func (s *search) walk(b *cfg.Block, i int, st state) {
	if !s.visit(st.key(b, i)) {
		return
	}

	for ; i < len(b.Nodes); i++ {
		n := b.Nodes[i]
		if s.isCreation(n) && !s.q.MayMakeNothing {
			if st.deferred == nil {
				s.leak(Leak{Node: s.q.Creation, Kind: Reentry})
			}
			return
		}
		nilAfter, goesOn := s.exitOnError(n, &st)
		if !goesOn {
			return
		}
		if !s.step(n, &st) {
			return // the error of the release was overwritten: assume it was handled
		}
		if nilAfter != 0 {
			st.conds.set(nilAfter, true) // the helper was given it, it cannot write it
		}
		s.assignedConst(n, &st)
		a := s.scan(n)
		switch a.Effect {
		case Released:
			return
		case ReleasedIfNil:
			if a.Err == nil {
				return
			}
			st.err, st.errKind = a.Err, errOfRelease
		case Deferred:
			switch {
			case a.OnError > 0 || a.Guard != nil:
				if st.onError == 0 && st.guard == nil {
					st.onError, st.guard, st.guardVia = a.OnError, a.Guard, a.Via
				}
			case st.deferred == nil:
				st.deferred, st.deferredVia = n, a.Via
			}
		case Succeeds:
			if a.Err != nil && st.errKind != errOfRelease {
				st.err, st.errKind = a.Err, errOfCreation
			}
		}
	}

	if len(b.Succs) == 0 {
		s.exit(b, st)
		return
	}
	if bit := s.loopBit(b); bit != 0 && st.entered&bit == 0 && len(b.Succs) == 2 {
		st.entered |= bit
		s.walk(b.Succs[0], 0, st) // the first time round, a never-empty loop runs its body
		return
	}
	s.branch(b, st, func(succ *cfg.Block, st state) { s.walk(succ, 0, st) })
}

// exit judges a block without successors.
func (s *search) exit(b *cfg.Block, st state) {
	if len(b.Nodes) == 0 {
		return
	}
	if st.errKind == errOfRelease {
		return // the release's error is returned or ignored: assume it was handed off
	}
	last := b.Nodes[len(b.Nodes)-1]
	switch last := last.(type) {
	case *ast.ReturnStmt:
		// A deferred release that reads a named result finds what the
		// return put there (overwritten.go).
		deferredRuns := st.deferred != nil && !s.skipsGuardedDefer(st, last)
		guardRuns := s.guardRuns(&st, last)
		lostDeferred, lostGuarded := s.overwritten(last, st.deferredVia), s.overwritten(last, st.guardVia)
		covered := deferredRuns && lostDeferred == nil || guardRuns && lostGuarded == nil
		if !covered {
			var overwritten *types.Var
			switch {
			case deferredRuns:
				overwritten = lostDeferred
			case guardRuns:
				overwritten = lostGuarded
			}
			var flag ast.Expr
			if overwritten == nil && st.deferred == nil && st.onError == 0 && st.guard != nil && s.flagVar(st.guard) != nil {
				flag = st.guard
			}
			s.leak(Leak{Node: last, Kind: Return, Overwrites: overwritten,
				Guarded: overwritten == nil && st.deferred == nil && (st.onError > 0 || st.guard != nil) && flag == nil, Flag: flag,
				Unchecked: s.q.NoteUnchecked && !st.checked, ErrReassigned: s.q.NoteUnchecked && !st.checked && st.reassigned})
		}
	case *ast.ExprStmt:
		call, ok := ast.Unparen(last.X).(*ast.CallExpr)
		if !ok {
			return
		}
		kind := Goexit
		if s.q.Exit != nil {
			kind = s.q.Exit(call)
		} else if isPanic(s.q.Info, call) {
			kind = Panic
		}
		switch {
		case kind == ProcessExit:
			s.leak(Leak{Node: call, Kind: ProcessExit, Deferred: st.deferred})
		case st.deferred == nil && st.onError == 0 && st.guard == nil:
			// A release guarded by the error result may run when the
			// function unwinds: the result is not known there.
			s.leak(Leak{Node: call, Kind: kind})
		}
	}
}

// exitOnError judges block node n, before the search steps past it, when
// it is a call of Query.ExitOnError: on the creation's error, not assigned
// since, the exit is the failure branch and the path goes on checked; on a
// release's error, the release happened where the path goes on; on any
// other argument, the path where it is not nil ends the process, a leak.
// A pure argument ("err") takes part in the repeated conditions
// (repeated.go): a path that found it nil goes on, one that found it not
// nil ends here, and the path that goes on has found it nil: nilAfter is
// the condition to remember once past n. goesOn is false when every path
// ends at n.
func (s *search) exitOnError(n ast.Node, st *state) (nilAfter int32, goesOn bool) {
	if s.q.ExitOnError == nil {
		return 0, true
	}
	es, ok := n.(*ast.ExprStmt)
	if !ok {
		return 0, true
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return 0, true
	}
	arg := s.q.ExitOnError(call)
	if arg == nil {
		return 0, true
	}
	exit := Leak{Node: call, Kind: ProcessExit, Deferred: st.deferred, OnError: true}
	if id, ok := ast.Unparen(arg).(*ast.Ident); ok && st.err != nil && s.q.Info.Uses[id] == st.err {
		switch st.errKind {
		case errOfCreation:
			st.checked = true
			return 0, true
		case errOfRelease:
			// The path goes on only if the release happened; it ends
			// the process, unreleased, if not.
			s.leak(exit)
			return 0, false
		}
	}
	id := s.nilTestAtom(arg)
	if id != 0 {
		if isNil, ok := st.conds.lookup(id); ok && isNil {
			return 0, true
		} else if ok {
			s.leak(exit)
			return 0, false
		}
	}
	s.leak(exit)
	return id, true
}

// skipsGuardedDefer reports whether the return ret, reached with the
// deferred release of Query.Deferred only, skips that release.
func (s *search) skipsGuardedDefer(st state, ret *ast.ReturnStmt) bool {
	return s.q.DeferredRuns != nil && st.deferred == s.q.Deferred && !s.q.DeferredRuns(ret)
}

func isPanic(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "panic"
}

// assigns reports whether node n (a block node) assigns v.
func assigns(info *types.Info, n ast.Node, v *types.Var) bool {
	var lhs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		lhs = n.Lhs
	case *ast.ValueSpec:
		for _, id := range n.Names {
			if info.Defs[id] == v {
				return true
			}
		}
		return false
	case *ast.RangeStmt:
		lhs = []ast.Expr{n.Key, n.Value}
	default:
		return false
	}
	for _, e := range lhs {
		if id, ok := e.(*ast.Ident); ok && (info.Uses[id] == v || info.Defs[id] == v) {
			return true
		}
	}
	return false
}

// findClosures finds the local variables that hold function literals and
// decides which of them release the resource.
func (s *search) findClosures() {
	s.closures = make(map[*types.Var]bool)
	s.litVars = make(map[*types.Var][]ast.Expr)
	info := s.q.Info
	record := func(lhs, rhs ast.Expr) {
		id, ok := lhs.(*ast.Ident)
		if !ok {
			return
		}
		v, _ := info.Defs[id].(*types.Var)
		if v == nil {
			v, _ = info.Uses[id].(*types.Var)
		}
		if v == nil {
			return
		}
		switch rhs := ast.Unparen(rhs).(type) {
		case *ast.FuncLit:
			s.litVars[v] = append(s.litVars[v], rhs)
		case *ast.Ident:
			if _, ok := info.Uses[rhs].(*types.Var); ok {
				s.litVars[v] = append(s.litVars[v], rhs)
			}
		}
	}
	for _, b := range s.q.CFG.Blocks {
		for _, n := range b.Nodes {
			ast.Inspect(n, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.AssignStmt:
					if len(m.Lhs) == len(m.Rhs) {
						for i := range m.Lhs {
							record(m.Lhs[i], m.Rhs[i])
						}
					}
				case *ast.ValueSpec:
					if len(m.Names) == len(m.Values) {
						for i := range m.Names {
							record(m.Names[i], m.Values[i])
						}
					}
				}
				return true
			})
		}
	}
	if len(s.litVars) == 0 {
		return
	}
	// Iterate to a fixed point: a closure may call another.
	for changed := true; changed; {
		changed = false
		for v, rhss := range s.litVars {
			if s.closures[v] {
				continue
			}
			for _, rhs := range rhss {
				var rel bool
				switch rhs := rhs.(type) {
				case *ast.FuncLit:
					rel = s.bodyReleases(rhs)
				case *ast.Ident:
					w, _ := info.Uses[rhs].(*types.Var)
					rel = s.closures[w]
				}
				if rel {
					s.closures[v] = true
					changed = true
					break
				}
			}
		}
	}
}

// bodyReleases reports whether the body of lit releases the resource on
// some path.
func (s *search) bodyReleases(lit *ast.FuncLit) bool {
	return lit.Body != nil && s.scan(lit.Body).Effect >= Deferred
}

// scan returns the strongest action of node n and the nodes below it.
func (s *search) scan(n ast.Node) Action {
	var best Action
	better := func(a Action) {
		if a.Effect > best.Effect {
			best = a
		}
	}
	info := s.q.Info
	ast.PreorderStack(n, nil, func(m ast.Node, stack []ast.Node) bool {
		if best.Effect == Released {
			return false
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		deferred := underDefer(m, stack)
		switch m := m.(type) {
		case *ast.FuncLit:
			if !s.bodyReleases(m) {
				return false
			}
			switch p := parent.(type) {
			case *ast.CallExpr:
				if p.Fun == m {
					a := Action{Effect: effect(deferred)}
					if deferred {
						a.OnError, a.Guard = s.errorGuard(m)
						a.Via = s.releaseVia(m)
					}
					better(a)
				} else if s.q.Registers != nil && s.q.Registers(p) {
					better(Action{Effect: Deferred})
				} else {
					better(Action{Effect: effect(deferred)})
				}
			case *ast.AssignStmt, *ast.ValueSpec:
				if !s.localLHS(p, m) {
					better(Action{Effect: Released}) // stored away
				}
			default:
				if !s.keep(stack) {
					better(Action{Effect: Released}) // returned, stored, sent
				}
			}
			return false
		case *ast.Ident:
			v, _ := info.Uses[m].(*types.Var)
			if v == nil || !s.closures[v] {
				break
			}
			switch p := parent.(type) {
			case *ast.CallExpr:
				if p.Fun == m {
					better(Action{Effect: effect(deferred)})
				} else if s.q.Registers != nil && s.q.Registers(p) {
					better(Action{Effect: Deferred})
				} else {
					better(Action{Effect: effect(deferred)})
				}
			case *ast.AssignStmt:
				if !s.localLHS(p, m) && !isLHS(p, m) {
					better(Action{Effect: Released})
				}
			case *ast.ValueSpec:
				if !s.localLHS(p, m) {
					better(Action{Effect: Released})
				}
			default:
				if !s.keep(stack) {
					better(Action{Effect: Released})
				}
			}
			return false
		}
		if a := s.q.Release(m, stack); a.Effect != None {
			if a.Effect == Succeeds && (deferred || inLit(stack)) {
				return false
			}
			if deferred && a.Effect != Deferred {
				a = Action{Effect: Deferred}
			}
			better(a)
			return false
		}
		return true
	})
	return best
}

// keep reports whether, under KeepReturned, the node below stack is a
// returned value.
func (s *search) keep(stack []ast.Node) bool {
	if !s.q.KeepReturned {
		return false
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.CallExpr, *ast.FuncLit, ast.Stmt:
			return false
		}
	}
	return false
}

// inLit reports whether the stack is inside a function literal.
func inLit(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

func effect(deferred bool) Effect {
	if deferred {
		return Deferred
	}
	return Released
}

// underDefer reports whether m is within the call of a defer statement on
// the stack.
func underDefer(m ast.Node, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.DeferStmt:
			return true
		case *ast.FuncLit:
			// Inside a literal: deferred only if the literal itself is the
			// deferred function, which the caller handles.
			return false
		}
	}
	return false
}

func isLHS(as *ast.AssignStmt, e ast.Expr) bool {
	for _, l := range as.Lhs {
		if l == e {
			return true
		}
	}
	return false
}

// localLHS reports whether the value rhs, assigned by the statement p, goes
// into a local variable (of the function being searched, or of any function
// literal within it).
func (s *search) localLHS(p ast.Node, rhs ast.Expr) bool {
	lhs, rhss := AssignSides(p)
	if len(lhs) != len(rhss) {
		return false
	}
	for i, r := range rhss {
		if r != rhs {
			continue
		}
		id, ok := lhs[i].(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			return true
		}
		v, _ := s.q.Info.Defs[id].(*types.Var)
		if v == nil {
			v, _ = s.q.Info.Uses[id].(*types.Var)
		}
		return v != nil && s.litVars[v] != nil
	}
	return false
}

// AssignSides returns the left and right sides of an assignment,
// "a, b = x, y" or "var a, b = x, y"; nil for any other node.
func AssignSides(n ast.Node) (lhs, rhs []ast.Expr) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		return n.Lhs, n.Rhs
	case *ast.ValueSpec:
		for _, id := range n.Names {
			lhs = append(lhs, id)
		}
		return lhs, n.Values
	}
	return nil, nil
}
