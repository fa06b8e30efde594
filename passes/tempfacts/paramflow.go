package tempfacts

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// What a function of the package does with one of its parameters is read
// from its SSA form (passes/lazyssa): the parameter's value is followed
// through every instruction that derives a value from it (a phi of two
// locals, a conversion, an interface, a local cell a closure captures,
// a field of a local struct, an element of a local slice or array, the
// name of a file, a cleaned path), and each instruction that uses such a
// value says why the parameter may leave the caller's hands: removed,
// registered for removal, renamed, stored, returned, handed to unknown
// code, shown to the user, or kept in use by a path inside it. The syntax
// of the body does not matter, only where the value goes.

// A carried value holds something of the followed parameter.
type carried struct {
	v ssa.Value
	h holding
	// direct: what v holds (v itself, or the value in its cell, field
	// or element) is the parameter's value (or its name, a cleaned form
	// of it), not a closure or a path inside it.
	direct bool
	// part says how v holds it when it is a container: partValue (v is
	// the value), partCell (v points to the value: a local variable a
	// closure captures), partField (field `field` of the struct v, or
	// of the struct v points to), partElem (an element of the array,
	// slice or map v, or of the array v points to), partOpened (v is a
	// file opened at the path: only its Name() is a path).
	part  part
	field int
	// asAny: the value is a string path turned into an empty interface
	// (a path handed to code as a value, see Tracker.pathAsAny).
	asAny bool
}

type part uint8

const (
	partValue part = iota
	partCell
	partField
	partElem
	partOpened
)

// An action is what an instruction does to the parameter, for the search
// of paths on which it is released.
type action struct {
	kind actionKind
	// closure: the function literal that the instruction runs (calls
	// or defers) or registers; it releases if it releases on every path.
	closure *ssa.Function
	// renamed: the error result of an os.Rename of the parameter.
	renamed ssa.Value
}

type actionKind uint8

const (
	noAction      actionKind = iota
	releasesIt               // removes it or stores it: gone from the caller's hands
	renamesIt                // os.Rename: gone if the rename succeeded
	runsClosure              // calls or defers a closure that may release it
	registersFunc            // t.Cleanup of a closure that may release it
)

// A paramFlow follows one parameter through a function and the closures
// that capture it.
type paramFlow struct {
	r       *Result
	root    *ssa.Function
	param   *ssa.Parameter
	reasons uint
	// carriedVals are the values that hold the parameter itself, src
	// the value each was first derived from, cur the value whose uses
	// are being judged: for definite.
	carriedVals map[ssa.Value]bool
	src         map[ssa.Value]ssa.Value
	cur         ssa.Value
	actions     map[ssa.Instruction]action
	seen        map[carriedKey]bool
	work        []carriedIn
	// envSets are the reasons of os.Setenv calls naming the parameter,
	// decided at the end: none when the function defers its removal.
	envSets []Reason
	// intoParams are the stores of the parameter itself into a field of
	// another parameter (setsfield.go), and elsewhere the reasons that
	// other instructions add.
	intoParams []FieldSet
	elsewhere  uint
}

type carriedKey struct {
	v      ssa.Value
	h      holding
	direct bool
	part   part
	field  int
	asAny  bool
}

type carriedIn struct {
	carried
	fn *ssa.Function
}

// ssaFunc returns the SSA form of a function of the package, nil when it
// has no body. Only the bodies asked for are built (prepass.go): on the
// first call, those of every function with a loud parameter that carries
// a path or a file; any other function alone, when it is asked for.
func (r *Result) ssaFunc(fn *types.Func) *ssa.Function {
	if r.ssa == nil {
		return nil
	}
	r.findAllLoud()
	var pkg *ssa.Package
	if r.loudCarriers[fn] {
		if r.carriersSSA == nil {
			r.carriersSSA = r.ssa.Bodies(func(f *types.Func) bool { return r.loudCarriers[f] }, nil)
		}
		pkg = r.carriersSSA
	} else {
		if r.aloneSSA == nil {
			r.aloneSSA = make(map[*types.Func]*ssa.Package)
		}
		if pkg = r.aloneSSA[fn]; pkg == nil {
			pkg = r.ssa.Bodies(func(f *types.Func) bool { return f == fn }, nil)
			r.aloneSSA[fn] = pkg
		}
	}
	f := pkg.Prog.FuncValue(fn)
	if f == nil || f.Blocks == nil {
		return nil
	}
	return f
}

// followParam follows parameter i of fn (-1: its receiver) through its
// body; nil when the function has no SSA form.
func (r *Result) followParam(fn *types.Func, i int) *paramFlow {
	sf := r.ssaFunc(fn)
	if sf == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	j := i
	if sig.Recv() != nil {
		j++
	}
	if j < 0 || j >= len(sf.Params) {
		return nil
	}
	pf := &paramFlow{r: r, root: sf, param: sf.Params[j], actions: make(map[ssa.Instruction]action), seen: make(map[carriedKey]bool),
		src: make(map[ssa.Value]ssa.Value), carriedVals: make(map[ssa.Value]bool)}
	pf.push(sf, carried{v: sf.Params[j], h: holdsItself, direct: true})
	for len(pf.work) > 0 {
		c := pf.work[len(pf.work)-1]
		pf.work = pf.work[:len(pf.work)-1]
		pf.cur = c.v
		pf.uses(c.fn, c.carried)
	}
	if len(pf.envSets) > 0 && !pf.defersRelease() {
		for _, reason := range pf.envSets {
			pf.add(reason)
		}
	}
	return pf
}

func (pf *paramFlow) push(fn *ssa.Function, c carried) {
	k := carriedKey{c.v, c.h, c.direct, c.part, c.field, c.asAny}
	if pf.seen[k] || c.v == nil {
		return
	}
	if c.direct && c.h == holdsItself {
		pf.carriedVals[c.v] = true
		if _, ok := pf.src[c.v]; !ok && pf.cur != nil {
			pf.src[c.v] = pf.cur
		}
	}
	pf.seen[k] = true
	pf.work = append(pf.work, carriedIn{c, fn})
}

func (pf *paramFlow) add(reason Reason) {
	if reason != NoReason {
		pf.reasons |= 1 << reason
		pf.elsewhere |= 1 << reason
	}
}

// act records what the instruction does to the parameter itself.
func (pf *paramFlow) act(instr ssa.Instruction, a action) {
	if old, ok := pf.actions[instr]; !ok || old.kind != releasesIt {
		pf.actions[instr] = a
	}
}

// value returns c with v as its value: the same value under another
// form (a phi, a conversion, a load).
func (c carried) value(v ssa.Value) carried {
	c.v = v
	return c
}

// holder returns a container that holds what c holds.
func (c carried) holder(v ssa.Value, p part, field int) carried {
	return carried{v: v, h: c.h, direct: c.direct, part: p, field: field, asAny: c.asAny}
}

// isValue reports whether v is the parameter's value itself.
func (c carried) isValue() bool { return c.direct && c.part == partValue }

// uses judges every instruction that uses the carried value.
func (pf *paramFlow) uses(fn *ssa.Function, c carried) {
	refs := c.v.Referrers()
	if refs == nil {
		return
	}
	for _, ref := range *refs {
		switch c.part {
		case partCell:
			pf.cellUse(fn, c, ref)
			continue
		case partField, partElem:
			if pf.containerUse(fn, c, ref) {
				continue
			}
		case partOpened:
			pf.openedUse(fn, c, ref)
			continue
		}
		pf.valueUse(fn, c, ref)
	}
}

// cellUse judges a use of a local variable's cell that holds the value: a
// load gives the value back; a closure that captures the cell follows it
// in its body; a store into the cell changes what it holds.
func (pf *paramFlow) cellUse(fn *ssa.Function, c carried, ref ssa.Instruction) {
	switch ref := ref.(type) {
	case *ssa.UnOp:
		if ref.Op == token.MUL {
			pf.push(fn, carried{v: ref, h: c.h, direct: c.direct, part: partValue, asAny: c.asAny})
		}
	case *ssa.Store:
		if ref.Val == c.v {
			pf.valueUse(fn, c, ref)
		}
	case *ssa.MakeClosure:
		pf.closure(fn, c, ref)
	case *ssa.DebugRef:
	default:
		// &v given to other code.
		pf.valueUse(fn, carried{v: c.v, h: c.h, asAny: c.asAny}, ref)
	}
}

// containerUse judges a use of a local struct, array or slice that holds
// the value in a field or element: reading that field or element gives
// the value back; other fields are other values. It reports false for a
// use of the container as a whole, judged as a value that holds it.
func (pf *paramFlow) containerUse(fn *ssa.Function, c carried, ref ssa.Instruction) bool {
	inner := carried{h: c.h, direct: c.direct, asAny: c.asAny}
	switch ref := ref.(type) {
	case *ssa.FieldAddr:
		if c.part == partField && ref.X == c.v {
			if ref.Field == c.field {
				pf.push(fn, carried{v: ref, h: c.h, direct: c.direct, part: partCell, asAny: c.asAny})
			}
			return true
		}
	case *ssa.Field:
		if c.part == partField && ref.X == c.v {
			if ref.Field == c.field {
				pf.push(fn, inner.value(ref))
			}
			return true
		}
	case *ssa.IndexAddr:
		if c.part == partElem && ref.X == c.v {
			pf.push(fn, carried{v: ref, h: c.h, direct: c.direct, part: partCell, asAny: c.asAny})
			return true
		}
	case *ssa.Index, *ssa.Lookup:
		if c.part == partElem {
			pf.push(fn, inner.value(ref.(ssa.Value)))
			return true
		}
	case *ssa.Slice:
		if c.part == partElem && ref.X == c.v {
			pf.push(fn, c.holder(ref, partElem, -1))
			return true
		}
	case *ssa.UnOp:
		if ref.Op == token.MUL {
			// Loading the whole struct or array.
			pf.push(fn, c.holder(ref, c.part, c.field))
			return true
		}
	case *ssa.Store:
		if ref.Addr == c.v {
			return true // a new value in the container
		}
	case *ssa.DebugRef:
		return true
	}
	return false
}

// openedUse judges a use of a file opened at the path or inside it: its
// name is a path inside the object; the file itself is not the object.
func (pf *paramFlow) openedUse(fn *ssa.Function, c carried, ref ssa.Instruction) {
	call, ok := ref.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return
	}
	if callee := call.Call.StaticCallee(); callee != nil && isFileMethod(callee, "Name") && len(call.Call.Args) == 1 && call.Call.Args[0] == c.v {
		pf.push(fn, carried{v: call, h: holdsInside})
	}
}

// valueUse judges an instruction that uses a value holding the parameter.
func (pf *paramFlow) valueUse(fn *ssa.Function, c carried, ref ssa.Instruction) {
	switch ref := ref.(type) {
	case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface:
		pf.push(fn, c.value(ref.(ssa.Value)))
	case *ssa.MakeInterface:
		if c.direct && pkgtypes.IsOSFile(c.v.Type()) && !hasNameMethod(ref.Type()) && onlyArguments(ref) {
			// The file handed where only an interface without Name()
			// is expected (io.Writer): the callee cannot name the
			// file to remove it, whatever it is.
			return
		}
		next := c.value(ref)
		if c.direct && isString(c.v.Type()) && isEmptyInterface(ref.Type()) {
			next.asAny = true
		}
		pf.push(fn, next)
	case *ssa.TypeAssert:
		if ref.X == c.v {
			if ref.CommaOk {
				for _, e := range *ref.Referrers() {
					if ex, ok := e.(*ssa.Extract); ok && ex.Index == 0 {
						pf.push(fn, carried{v: ex, h: c.h, direct: c.direct})
					}
				}
			} else {
				pf.push(fn, carried{v: ref, h: c.h, direct: c.direct})
			}
		}
	case *ssa.Index, *ssa.Lookup, *ssa.IndexAddr:
		if header := pf.removesEach(c, ref); header != nil {
			// A list of paths removed element by element in a range
			// loop: once the loop is done, every path it held is
			// removed (elemrange.go).
			pf.add(Removed)
			pf.act(header, action{kind: releasesIt})
			return
		}
		// An element of a slice the function was given (a list of
		// paths, ...string) is not followed: the slice is judged as a
		// whole. The facts of the callees an element reaches count a
		// function that returns its parameter, or a path derived from
		// it, as one that takes it, so following the elements turned
		// plain uses into hand-offs (exercism-678: the paths given to
		// runSubmit reach workspace.SolutionDir, which returns a
		// parent directory). Elements of a slice or array made here
		// from the parameter are followed (containerUse).
	case *ssa.Slice:
		if ref.X == c.v && !isString(c.v.Type()) {
			pf.push(fn, c.value(ref))
		}
	case *ssa.BinOp:
		if ref.Op == token.ADD && isString(ref.Type()) {
			pf.push(fn, carried{v: ref, h: holdsInside})
		}
	case *ssa.UnOp:
		if ref.Op == token.MUL {
			pf.push(fn, c.value(ref))
		}
	case *ssa.Store:
		pf.store(fn, c, ref)
	case *ssa.MakeClosure:
		pf.closure(fn, c, ref)
	case ssa.CallInstruction:
		pf.call(fn, c, ref)
	case *ssa.Return:
		pf.ret(fn, c)
	case *ssa.Send:
		pf.add(stored(c.h))
		pf.stores(ref, c)
	case *ssa.MapUpdate:
		if ref.Value == c.v || ref.Key == c.v {
			pf.add(stored(c.h))
			pf.stores(ref, c)
		}
	}
}

// stores records that the instruction stores the value out of the
// function's hands: a release when it is the parameter itself.
func (pf *paramFlow) stores(instr ssa.Instruction, c carried) {
	if c.h == holdsItself {
		pf.release(instr, c)
	}
}

// release records that the instruction releases the parameter, when the
// value it releases is the parameter on every path that reaches it (not
// a phi of it and another path).
func (pf *paramFlow) release(instr ssa.Instruction, c carried) {
	if pf.definite(c.v) {
		pf.act(instr, action{kind: releasesIt})
	}
}

// definite reports whether the carried value v holds the parameter on
// every path that reaches it: every edge of a phi, every value stored in
// a cell, carries it.
func (pf *paramFlow) definite(v ssa.Value) bool {
	return pf.definiteIn(v, make(map[ssa.Value]bool))
}

func (pf *paramFlow) definiteIn(v ssa.Value, busy map[ssa.Value]bool) bool {
	if v == pf.param || busy[v] {
		return true // a cycle of phis adds no other value
	}
	if !pf.carriedVals[v] {
		return false
	}
	busy[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !pf.definiteIn(e, busy) {
				return false
			}
		}
		return true
	case *ssa.Alloc, *ssa.FieldAddr:
		// A cell: every value stored into it.
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == v && !pf.definiteIn(st.Val, busy) {
				return false
			}
		}
		if _, ok := v.(*ssa.Alloc); ok {
			return true
		}
	case *ssa.UnOp:
		return pf.definiteIn(v.X, busy)
	case *ssa.IndexAddr, *ssa.Index, *ssa.Lookup:
		return false // one element of several
	}
	src, ok := pf.src[v]
	return ok && pf.definiteIn(src, busy)
}

// ret judges a return of the value: handing the parameter back (or a
// value holding it) is a take; returning only a path inside it leaves the
// caller the owner, unless what is returned keeps that path in use (a
// closure that captures it).
func (pf *paramFlow) ret(fn *ssa.Function, c carried) {
	switch {
	case c.h == holdsItself:
		pf.add(Returned)
	case c.part != partValue || isFunc(c.v.Type()):
		pf.add(Kept)
	}
}

// store judges a store of the value: into a local variable's cell, a
// field of a local struct, an element of a local array (a slice literal,
// a variadic argument list) it stays followed; anywhere else it is kept
// there.
func (pf *paramFlow) store(fn *ssa.Function, c carried, st *ssa.Store) {
	if st.Val != c.v {
		return // the value is the address: judged where it came from
	}
	switch addr := st.Addr.(type) {
	case *ssa.Alloc:
		switch c.part {
		case partValue:
			pf.push(fn, carried{v: addr, h: c.h, direct: c.direct, part: partCell, asAny: c.asAny})
		case partField, partElem:
			// A struct or array copied into a local variable.
			pf.push(fn, c.holder(addr, c.part, c.field))
		default:
			pf.push(fn, carried{v: addr, h: c.h, part: partCell, asAny: c.asAny})
		}
		return
	case *ssa.FieldAddr:
		if base, ok := addr.X.(*ssa.Alloc); ok {
			pf.push(fn, c.holder(base, partField, addr.Field))
			return
		}
		if p := pf.ownerParam(fn, addr.X); p != nil && c.isValue() && c.h == holdsItself {
			pf.intoParam(p, addrField(addr)) // a setter (setsfield.go)
			pf.stores(st, c)
			return
		}
	case *ssa.IndexAddr:
		if base, ok := addr.X.(*ssa.Alloc); ok {
			pf.push(fn, c.holder(base, partElem, -1))
			return
		}
	}
	pf.add(stored(c.h))
	pf.stores(st, c)
}

// closure follows a captured value into the closure's body, and the
// closure as a value that holds it.
func (pf *paramFlow) closure(fn *ssa.Function, c carried, mc *ssa.MakeClosure) {
	body, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return
	}
	for i, b := range mc.Bindings {
		if b != c.v || i >= len(body.FreeVars) {
			continue
		}
		fv := carried{v: body.FreeVars[i], h: c.h, direct: c.direct, part: c.part, field: c.field, asAny: c.asAny}
		pf.push(body, fv)
	}
	pf.push(fn, carried{v: mc, h: c.h})
}

// call judges a call (or go, or defer) that takes the value.
func (pf *paramFlow) call(fn *ssa.Function, c carried, ci ssa.CallInstruction) {
	common := ci.Common()
	if common.Value == c.v {
		if mc, ok := closureOf(c.v); ok && !common.IsInvoke() {
			if _, isGo := ci.(*ssa.Go); !isGo {
				pf.act(ci, action{kind: runsClosure, closure: mc})
			}
		}
		return // calling the value, or a method on it
	}
	argAt := -1
	for i, a := range common.Args {
		if a == c.v {
			argAt = i
		}
	}
	if argAt < 0 {
		return
	}
	if common.IsInvoke() {
		if isTestingCleanup(common.Method) {
			pf.register(ci, c)
			return
		}
		if sig, ok := common.Method.Type().(*types.Signature); ok && c.asAny && anyParam(sig, argAt) {
			return // a logger's ...any: any implementation formats or keeps it (funcvalueany.go)
		}
		pf.add(Escaped) // an interface method: any implementation
		return
	}
	if b, ok := common.Value.(*ssa.Builtin); ok {
		if b.Name() == "append" {
			if v := ci.Value(); v != nil {
				pf.push(fn, c.holder(v, partElem, -1))
			}
		}
		return
	}
	callee := common.StaticCallee()
	if callee == nil {
		pf.add(Escaped) // a function value
		return
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil {
		pf.add(Escaped)
		return
	}
	sig := obj.Type().(*types.Signature)
	i := argAt
	if sig.Recv() != nil && callee.Signature.Recv() != nil {
		// A method called directly: its receiver is the first argument.
		// (A bound method value's wrapper takes the other arguments
		// only.)
		if i == 0 {
			pf.receiverUse(fn, c, ci, obj)
			return
		}
		i--
	}
	pf.argUse(fn, c, ci, obj, sig, i)
}

// receiverUse judges a method called on the value: the name of a file,
// nothing else (methods of a path or a file do not remove it).
func (pf *paramFlow) receiverUse(fn *ssa.Function, c carried, ci ssa.CallInstruction, obj *types.Func) {
	if obj.Name() == "Name" && pkgtypes.IsOSFile(c.v.Type()) && c.isValue() {
		if v := ci.Value(); v != nil {
			pf.push(fn, carried{v: v, h: c.h, direct: true})
		}
	}
}

// register judges t.Cleanup of the value: a function that runs when the
// test ends.
func (pf *paramFlow) register(ci ssa.CallInstruction, c carried) {
	if mc, ok := closureOf(c.v); ok {
		pf.act(ci, action{kind: registersFunc, closure: mc})
		return // its body is followed
	}
	pf.add(Registered)
	pf.stores(ci, c)
}

// argUse judges the value passed as parameter i of the function obj.
func (pf *paramFlow) argUse(fn *ssa.Function, c carried, ci ssa.CallInstruction, obj *types.Func, sig *types.Signature, i int) {
	key := funcKey(obj)
	path := ""
	if obj.Pkg() != nil {
		path = obj.Pkg().Path()
	}
	if derived, ok := pf.derive(c, ci, obj, key, i); ok {
		if derived.v != nil {
			pf.push(fn, derived)
		}
		return
	}
	name := c.isValue() && c.h == holdsItself && isString(c.v.Type())
	switch {
	case stdRemovers[key] && i == 0 && name:
		pf.add(Removed)
		pf.release(ci, c)
		return
	case stdRemovers[key]:
		return // removes something else, or a path inside it
	case key == [2]string{"os", "Rename"} && i == 0 && name:
		pf.add(Renamed)
		if pf.definite(c.v) {
			pf.act(ci, action{kind: renamesIt, renamed: ci.Value()})
		}
		return
	case isTestingCleanup(obj):
		pf.register(ci, c)
		return
	case isShim(path):
		pf.add(Stored)
		pf.stores(ci, c)
		return
	case envSetters[key]:
		pf.envSets = append(pf.envSets, stored(c.h))
		return
	case stdStorers[key]:
		pf.add(stored(c.h))
		pf.stores(ci, c)
		return
	case stdPrinters[key]:
		pf.add(Shown)
		return
	case key == [2]string{"fmt", "Errorf"} && forRecoveryFormat(ci) && returnedAsIs(ci):
		pf.add(Shown) // the error hands the path to the user, to recover
		return
	case path == "os/exec" && sig.Recv() == nil && (obj.Name() == "Command" || obj.Name() == "CommandContext"):
		// A child process gets the path: one the function starts and
		// never waits for uses it after the function returns.
		if startsUnwaited(fn) {
			pf.add(Kept)
		}
		return
	case isStd(path) && obj.Pkg() != pf.r.pkg:
		return
	}
	if c.part != partValue && (i >= sig.Params().Len() || !pathCarrier(sig.Params().At(i).Type())) {
		// A struct or a pointer that holds it: where the callee takes
		// the value from it is not followed.
		pf.add(Escaped)
		return
	}
	if pf.setterArg(fn, c, ci, obj, i) {
		return // into a field of another parameter (setsfield.go)
	}
	// Any other function: what it does with the parameter, from its
	// facts (another package) or its body (this one).
	switch pf.r.ParamUse(obj, i) {
	case Release:
		switch {
		case pf.r.keepsParam(obj, i) && c.h == holdsItself:
			pf.add(Stored)
			pf.release(ci, c)
		case pf.r.keepsParam(obj, i):
			pf.add(Kept)
		case c.h == holdsItself && c.isValue():
			pf.add(Removed)
			pf.release(ci, c)
		}
	case Take:
		// It keeps the object on some path only: a take, but no proof
		// that it is released on every path.
		pf.add(stored(c.h))
	case Keep:
		pf.add(Kept)
	case Unknown:
		if c.asAny && obj.Pkg() != pf.r.pkg && anyParam(sig, i) {
			return // a value it keeps, not a path it removes
		}
		pf.add(Escaped)
	}
}

// derive returns the value a path function computes from the parameter:
// the same path cleaned (filepath.Clean, Abs, EvalSymlinks), a path
// inside it (filepath.Join), a file opened at it or inside it. ok is false
// for other functions.
func (pf *paramFlow) derive(c carried, ci ssa.CallInstruction, obj *types.Func, key [2]string, i int) (carried, bool) {
	if key[0] != "path/filepath" && key[0] != "path" && key[0] != "os" {
		return carried{}, false
	}
	v := ci.Value()
	name := c.isValue() && isString(c.v.Type())
	switch key {
	case [2]string{"path/filepath", "Clean"}, [2]string{"path/filepath", "ToSlash"}, [2]string{"path/filepath", "FromSlash"}, [2]string{"path", "Clean"}:
		if !name || v == nil {
			return carried{}, true
		}
		return carried{v: v, h: c.h, direct: true}, true
	case [2]string{"path/filepath", "Abs"}, [2]string{"path/filepath", "EvalSymlinks"}:
		if !name || v == nil {
			return carried{}, true
		}
		return carried{v: extract(v, 0), h: c.h, direct: true}, true
	case [2]string{"path/filepath", "Join"}, [2]string{"path", "Join"}:
		if v == nil || (c.part != partElem && !name) {
			return carried{}, true
		}
		return carried{v: v, h: holdsInside}, true
	case [2]string{"os", "Create"}, [2]string{"os", "Open"}, [2]string{"os", "OpenFile"}, [2]string{"os", "CreateTemp"}:
		if i != 0 || v == nil || !isString(c.v.Type()) || (!c.direct && c.h != holdsInside) {
			return carried{}, true
		}
		return carried{v: extract(v, 0), h: holdsInside, part: partOpened}, true
	}
	return carried{}, false
}

// extract returns the i-th result of a call returning a tuple, or nil.
func extract(v ssa.Value, i int) ssa.Value {
	for _, ref := range *v.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == i {
			return ex
		}
	}
	return nil
}

// closureOf returns the function literal that v is a closure of.
func closureOf(v ssa.Value) (*ssa.Function, bool) {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return nil, false
	}
	fn, ok := mc.Fn.(*ssa.Function)
	return fn, ok
}

// onlyArguments reports whether every use of v is as an argument of a
// call.
func onlyArguments(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		ci, ok := ref.(ssa.CallInstruction)
		if !ok || ci.Common().Value == v {
			if _, dbg := ref.(*ssa.DebugRef); dbg {
				continue
			}
			return false
		}
	}
	return true
}

// anyParam reports whether parameter i of sig is of type any (the
// element type, for the variadic parameter).
func anyParam(sig *types.Signature, i int) bool {
	if i >= sig.Params().Len() {
		return false
	}
	t := sig.Params().At(i).Type()
	if sig.Variadic() && i == sig.Params().Len()-1 {
		sl, ok := t.(*types.Slice)
		if !ok {
			return false
		}
		t = sl.Elem()
	}
	return isEmptyInterface(t)
}

func isFileMethod(fn *ssa.Function, name string) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Name() != name {
		return false
	}
	sig := obj.Type().(*types.Signature)
	return sig.Recv() != nil && pkgtypes.IsOSFile(sig.Recv().Type())
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// forRecoveryFormat reports whether the constant format of the
// fmt.Errorf call says that the path it names is left for the user
// ("backup kept at %s"), rather than naming it as context ("writing %s:
// %w").
func forRecoveryFormat(ci ssa.CallInstruction) bool {
	args := ci.Common().Args
	if len(args) == 0 {
		return false
	}
	k, ok := args[0].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return false
	}
	return recoveryFormat(constant.StringVal(k.Value))
}

// returnedAsIs reports whether the value of the call is returned by the
// function as it is.
func returnedAsIs(ci ssa.CallInstruction) bool {
	v := ci.Value()
	if v == nil {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Return:
			return true
		case *ssa.Phi:
			for _, r := range *ref.Referrers() {
				if _, ok := r.(*ssa.Return); ok {
					return true
				}
			}
		}
	}
	return false
}

// defersRelease reports whether the followed function defers the
// release of the parameter (a defer or a t.Cleanup that removes it).
func (pf *paramFlow) defersRelease() bool {
	for instr, a := range pf.actions {
		if instr.Parent() != pf.root {
			continue
		}
		_, deferred := instr.(*ssa.Defer)
		switch {
		case a.kind == registersFunc && pf.alwaysReleases(a.closure):
			return true
		case a.kind == releasesIt && deferred:
			return true
		case a.kind == runsClosure && deferred && pf.alwaysReleases(a.closure):
			return true
		}
	}
	return false
}

// releaseState is what the paths that reach a point have done with the
// parameter.
type releaseState uint8

const (
	stateUnknown  releaseState = iota // not reached yet
	stateKept                         // some path has not released it
	stateRenamed                      // renamed, the error not yet checked
	stateReleased                     // every path released it
)

func meet(a, b releaseState) releaseState {
	switch {
	case a == stateUnknown:
		return b
	case b == stateUnknown:
		return a
	}
	return min(a, b)
}

// alwaysReleases reports whether fn returns, and every path of fn that returns releases
// the parameter (removes it, stores it, defers or registers its removal,
// renames it and does not fail), by what the instructions of fn do to it.
// A path that ends the process, stops the goroutine or panics does not
// return.
func (pf *paramFlow) alwaysReleases(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	in := make([]releaseState, len(fn.Blocks))
	in[0] = stateKept
	renamedErr := make([]ssa.Value, len(fn.Blocks))
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	queued := make([]bool, len(fn.Blocks))
	queued[0] = true
	flow := func(to *ssa.BasicBlock, s releaseState, err ssa.Value) {
		m := meet(in[to.Index], s)
		if m != in[to.Index] || (m == stateRenamed && renamedErr[to.Index] != err) {
			if m == stateRenamed && renamedErr[to.Index] != nil && renamedErr[to.Index] != err {
				m = stateKept // two renames: do not follow
			}
			in[to.Index] = m
			renamedErr[to.Index] = err
			if !queued[to.Index] {
				queued[to.Index] = true
				work = append(work, to)
			}
		}
	}
	returns := false
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b.Index] = false
		s, err := in[b.Index], renamedErr[b.Index]
		ends := false
		for _, instr := range b.Instrs {
			if pf.r.noReturn(instr) {
				ends = true
				break
			}
			a, ok := pf.actions[instr]
			if !ok || s == stateReleased {
				continue
			}
			switch a.kind {
			case releasesIt:
				s = stateReleased
			case renamesIt:
				s, err = stateRenamed, a.renamed
			case runsClosure, registersFunc:
				if a.closure != fn && pf.alwaysReleases(a.closure) {
					s = stateReleased
				}
			}
		}
		if ends {
			continue
		}
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			if s == stateKept {
				return false
			}
			returns = true
		case *ssa.If:
			t, f := s, s
			if s == stateRenamed {
				if isNil, ok := nilTest(last.Cond, err); ok {
					if isNil {
						t, f = stateReleased, stateKept
					} else {
						t, f = stateKept, stateReleased
					}
				}
			}
			flow(b.Succs[0], t, err)
			flow(b.Succs[1], f, err)
		default:
			for _, succ := range b.Succs {
				flow(succ, s, err)
			}
		}
	}
	return returns
}

// nilTest reports whether cond compares err with nil: isNil is true for
// err == nil, false for err != nil.
func nilTest(cond, err ssa.Value) (isNil, ok bool) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || err == nil || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return false, false
	}
	x, y := bin.X, bin.Y
	if y == err {
		x, y = y, x
	}
	if x != err {
		return false, false
	}
	if k, ok := y.(*ssa.Const); !ok || !k.IsNil() {
		return false, false
	}
	return bin.Op == token.EQL, true
}

// noReturn reports whether the instruction is a call that does not
// return: it ends the process or stops the goroutine.
func (r *Result) noReturn(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	var fn *types.Func
	if call.Call.IsInvoke() {
		fn = call.Call.Method
	} else if callee := call.Call.StaticCallee(); callee != nil {
		fn, _ = callee.Object().(*types.Func)
	}
	return fn != nil && r.exits.NoReturnFunc(fn.Origin())
}

// startsUnwaited reports whether fn starts a command (exec.Cmd's Start)
// and never waits for one (Wait, Run, Output, CombinedOutput): the child
// outlives the call, as a viewer or a browser launched in the background
// does.
func startsUnwaited(fn *ssa.Function) bool {
	starts, waits := false, false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := ci.Common().StaticCallee()
			if callee == nil || callee.Signature.Recv() == nil {
				continue
			}
			obj, ok := callee.Object().(*types.Func)
			if !ok || obj.Pkg() == nil || obj.Pkg().Path() != "os/exec" {
				continue
			}
			switch obj.Name() {
			case "Start":
				starts = true
			case "Wait", "Run", "Output", "CombinedOutput":
				waits = true
			}
		}
	}
	return starts && !waits
}
