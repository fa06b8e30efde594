package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// A test that calls a creator only to see it fail checks the error with an
// assertion: "if err == nil { t.Fatal(…) }", or a library's (testify's
// require.Error, assert.ErrorAs) or the test's own helper built on one
// ("func assertSkipped(t *testing.T, err error) { require.ErrorAs(t,
// err, &pipe.ErrSkip{}) }"). On the path where the creator made its object
// the test has failed: it asserts that nothing was made. Which assertions
// fail the test on a nil error is read from their SSA form, as a fact for
// the packages that call them: on every path where the parameter is nil,
// the function calls something that marks the test failed before it
// returns (goreleaser's makeContext test, audit32).

// failsTest is the fact of a function that marks the test failed on every
// path where its error parameter Param is nil, or, for Param -1, on every
// path (testify's Fail). Marking it failed is a call of a testing.T's
// Error, Errorf, Fail, FailNow, Fatal or Fatalf, of such a method of an
// interface that the testing types implement (testify's TestingT), or of a
// function with the fact on the same value.
type failsTest struct {
	Param int
}

func (*failsTest) AFact() {}

func (f *failsTest) String() string { return paramsFact("failsTest", []int{f.Param}) }

// FailsTestOnNil returns the argument of the call that fails the test when
// it is a nil error, or nil.
func (r *Result) FailsTestOnNil(call *ast.CallExpr) ast.Expr {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	f := r.failsTestOf(fn.Origin())
	if f == nil || f.Param < 0 || f.Param >= len(call.Args) {
		return nil
	}
	return call.Args[f.Param]
}

// failsTestOf returns the fact of fn: imported for a function of another
// package, computed from the SSA form for a function of this one.
func (r *Result) failsTestOf(fn *types.Func) *failsTest {
	if f, ok := r.failsMemo[fn]; ok {
		return f
	}
	r.failsMemo[fn] = nil // also the answer while fn is being computed: recursion
	if fn.Pkg() != r.pkg {
		return nil // imported in run, if it has the fact
	}
	if !r.mayFailTest(fn) {
		return nil
	}
	sf := r.failsSSA(fn)
	if sf == nil || sf.Recover != nil {
		return nil
	}
	var f *failsTest
	if r.failsOnEveryPath(sf, nil) {
		f = &failsTest{Param: -1}
	} else {
		sig := fn.Type().(*types.Signature)
		first := len(sf.Params) - sig.Params().Len()
		for i := 0; i < sig.Params().Len(); i++ {
			if isErrorType(sig.Params().At(i).Type()) && r.failsOnEveryPath(sf, sf.Params[first+i]) {
				f = &failsTest{Param: i}
				break
			}
		}
	}
	r.failsMemo[fn] = f
	return f
}

// mayFailTest is the syntactic pre-pass: fn takes an error or a value
// with a method that marks a test failed, and its body (not a literal in
// it) calls such a method, a function of another package with the fact,
// or a function of this package that passes the pre-pass.
func (r *Result) mayFailTest(fn *types.Func) bool {
	if r.mayFailMemo == nil {
		r.mayFailMemo = r.findMayFail()
	}
	return r.mayFailMemo[fn]
}

func (r *Result) findMayFail() map[*types.Func]bool {
	may := make(map[*types.Func]bool)
	calls := make(map[*types.Func][]*types.Func) // the package's functions each calls
	for fn, d := range r.decls {
		if !failParams(fn) {
			continue
		}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				callee, ok := typeutil.Callee(r.info, n).(*types.Func)
				if !ok {
					return true
				}
				callee = callee.Origin()
				switch {
				case failingMethod(callee) || r.failsMemo[callee] != nil:
					may[fn] = true
				case callee.Pkg() == r.pkg:
					calls[fn] = append(calls[fn], callee)
				}
			}
			return !may[fn]
		})
	}
	for changed := true; changed; {
		changed = false
		for fn, callees := range calls {
			if may[fn] {
				continue
			}
			for _, c := range callees {
				if may[c] {
					may[fn], changed = true, true
					break
				}
			}
		}
	}
	return may
}

// failParams reports whether fn has a parameter of type error, or one with
// a method that marks a test failed (the test itself, for a function that
// always fails it).
func failParams(fn *types.Func) bool {
	params := fn.Type().(*types.Signature).Params()
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if isErrorType(t) {
			return true
		}
		for _, name := range [...]string{"Errorf", "FailNow"} {
			if m, _, _ := types.LookupFieldOrMethod(t, true, nil, name); m != nil {
				if m, ok := m.(*types.Func); ok && failingMethod(m) {
					return true
				}
			}
		}
	}
	return false
}

// failsSSA builds, once, the SSA form of every function of the package
// that the pre-pass keeps, and returns fn's.
func (r *Result) failsSSA(fn *types.Func) *ssa.Function {
	if r.ssa == nil {
		return nil
	}
	if r.failsPkg == nil {
		r.failsPkg = r.ssa.Bodies(r.mayFailTest, nil)
	}
	f := r.failsPkg.Prog.FuncValue(fn)
	if f == nil || f.Blocks == nil {
		return nil
	}
	return f
}

// failingMethod reports whether fn is a method that marks a test failed:
// Error, Errorf, Fail, FailNow, Fatal or Fatalf of the testing package's
// types, or of an interface whose method has the signature testing.TB's
// has (an assertion library's TestingT).
func failingMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() != 0 {
		return false
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "testing" {
		switch fn.Name() {
		case "Error", "Errorf", "Fail", "FailNow", "Fatal", "Fatalf":
			return true
		}
		return false
	}
	if !types.IsInterface(sig.Recv().Type()) {
		return false
	}
	params := sig.Params()
	variadicAny := func(i int) bool {
		s, ok := params.At(i).Type().(*types.Slice)
		return ok && sig.Variadic() && i == params.Len()-1 && types.IsInterface(s.Elem()) && s.Elem().Underlying().(*types.Interface).Empty()
	}
	isString := func(i int) bool {
		b, ok := params.At(i).Type().(*types.Basic)
		return ok && b.Kind() == types.String
	}
	switch fn.Name() {
	case "Fail", "FailNow":
		return params.Len() == 0
	case "Error", "Fatal":
		return params.Len() == 1 && variadicAny(0)
	case "Errorf", "Fatalf":
		return params.Len() == 2 && isString(0) && variadicAny(1)
	}
	return false
}

// failsOnEveryPath reports whether every path of sf from its entry, on
// which p (when not nil) is nil, calls something that marks the test
// failed before it returns. A panic fails the test too. The nil-ness of p
// decides the branches that test "p == nil" and the calls that are false
// for a nil error (errors.As).
func (r *Result) failsOnEveryPath(sf *ssa.Function, p *ssa.Parameter) bool {
	seen := make(map[*ssa.BasicBlock]bool)
	var walk func(b *ssa.BasicBlock) bool
	walk = func(b *ssa.BasicBlock) bool {
		if seen[b] {
			return true // a loop: the path that leaves it is judged where it leaves
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Call:
				if r.failsAt(instr, p) {
					return true
				}
			case *ssa.Panic:
				return true
			case *ssa.Return:
				return false
			case *ssa.If:
				if p != nil {
					if taken, ok := branchOnNil(instr.Cond, p); ok {
						if taken {
							return walk(b.Succs[0])
						}
						return walk(b.Succs[1])
					}
				}
				return walk(b.Succs[0]) && walk(b.Succs[1])
			case *ssa.Jump:
				return walk(b.Succs[0])
			}
		}
		return false
	}
	if len(sf.Blocks) == 0 {
		return false
	}
	return walk(sf.Blocks[0])
}

// failsAt reports whether the call marks the test failed, given that p
// (when not nil) is nil.
func (r *Result) failsAt(call *ssa.Call, p *ssa.Parameter) bool {
	fn := calleeFunc(call)
	if fn == nil {
		return false
	}
	if failingMethod(fn) {
		return true
	}
	f := r.failsTestOf(fn)
	if f == nil {
		return false
	}
	if f.Param < 0 {
		return true
	}
	args := call.Call.Args
	if call.Call.Signature().Recv() != nil && !call.Call.IsInvoke() {
		args = args[1:]
	}
	return p != nil && f.Param < len(args) && args[f.Param] == ssa.Value(p)
}

// branchOnNil returns the branch an If on cond takes when p is nil: true
// for the then branch. ok is false when cond does not depend on p alone:
// "p == nil", "p != nil", errors.As(p, target), and their negations.
func branchOnNil(cond ssa.Value, p *ssa.Parameter) (then, ok bool) {
	if u, isNot := cond.(*ssa.UnOp); isNot && u.Op == token.NOT {
		then, ok = branchOnNil(u.X, p)
		return !then, ok
	}
	if isNil, ok := nilTest(cond, p); ok {
		return isNil, true
	}
	if call, isCall := cond.(*ssa.Call); isCall {
		// errors.As is false for a nil error.
		if fn := calleeFunc(call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "As" &&
			len(call.Call.Args) == 2 && call.Call.Args[0] == ssa.Value(p) {
			return false, true
		}
	}
	return false, false
}
