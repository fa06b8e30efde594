package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Examples and small command-line tools check errors with a helper that
// ends the process when its argument is an error and returns otherwise
// (go-git's CheckIfError: "if err == nil { return }; fmt.Println(err);
// os.Exit(1)"). A call of it is an exit that skips every deferred removal
// on the path where the error is not nil, and a plain statement on the
// other: a search that does not know it misses the first (audit31 S11).
// The fact says which parameter decides, for the callers in other
// packages (go-git's examples import the helper from a package of their
// own).

// exitsOnError is the fact of a function that ends the process (os.Exit,
// log.Fatal) on every path where its parameter Param, an error, is not
// nil, and returns on the paths where it is nil.
type exitsOnError struct {
	Param int
}

func (*exitsOnError) AFact() {}

func (f *exitsOnError) String() string { return paramsFact("exitsOnError", []int{f.Param}) }

// ExitOnError returns the argument of the call that ends the process when
// it is a non-nil error (and only then), or nil: for
// pathflow.Query.ExitOnError.
func (r *Result) ExitOnError(call *ast.CallExpr) ast.Expr {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok {
		return nil
	}
	f := r.exitsOnErrorOf(fn.Origin())
	if f == nil || call.Ellipsis.IsValid() || f.Param >= len(call.Args) {
		return nil
	}
	return call.Args[f.Param]
}

// exitsOnErrorOf returns the fact of fn: imported for a function of
// another package, computed from the SSA form of a function of this one.
func (r *Result) exitsOnErrorOf(fn *types.Func) *exitsOnError {
	if f, ok := r.exitsMemo[fn]; ok {
		return f
	}
	r.exitsMemo[fn] = nil
	if fn.Pkg() != r.pkg {
		return nil // imported in run, if it has the fact
	}
	d := r.decls[fn]
	if d == nil || !r.mayExitOnError(fn, d) {
		return nil
	}
	sf := r.ssaFunc(fn)
	if sf == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	first := 0
	if sig.Recv() != nil {
		first = 1
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if first+i < len(sf.Params) && isErrorType(sig.Params().At(i).Type()) && r.exitsWhenNonNil(sf, sf.Params[first+i]) {
			f := &exitsOnError{Param: i}
			r.exitsMemo[fn] = f
			return f
		}
	}
	return nil
}

// mayExitOnError is the syntactic pre-pass: an error parameter, and a call
// that ends the process as a statement of the body (not of a literal).
func (r *Result) mayExitOnError(fn *types.Func, d *ast.FuncDecl) bool {
	sig := fn.Type().(*types.Signature)
	hasErr := false
	for i := 0; i < sig.Params().Len(); i++ {
		hasErr = hasErr || isErrorType(sig.Params().At(i).Type())
	}
	if !hasErr || sig.Variadic() && sig.Params().Len() == 1 {
		return false
	}
	exits := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && r.exits.EndsProcess(call) {
				exits = true
			}
		}
		return !exits
	})
	return exits
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// exitsWhenNonNil reports whether every path of sf on which p is not known
// to be nil reaches a call that ends the process before it returns, and
// some path where p is nil returns. The nil-ness of p is learnt from
// branches on p == nil and p != nil; p must not be stored over (it is an
// SSA parameter: it never is, but a local copy may be, and is not
// followed).
func (r *Result) exitsWhenNonNil(sf *ssa.Function, p *ssa.Parameter) bool {
	type visit struct {
		b     *ssa.BasicBlock
		isNil int8 // 0 not known, 1 nil, -1 not nil
	}
	seen := make(map[visit]bool)
	returnsOnNil := false
	var walk func(v visit) bool
	walk = func(v visit) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		for _, instr := range v.b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Call:
				if fn := calleeFunc(instr); fn != nil && r.exits.EndsProcessFunc(fn) {
					return true // the process ends here
				}
			case *ssa.Panic:
				return v.isNil == 1 // a panic unwinds: deferred calls run
			case *ssa.Return:
				if v.isNil != 1 {
					return false
				}
				returnsOnNil = true
				return true
			case *ssa.If:
				if eq, ok := nilTest(instr.Cond, p); ok && v.isNil == 0 {
					// eq: the true branch is the one where p is nil.
					t, f := int8(1), int8(-1)
					if !eq {
						t, f = -1, 1
					}
					return walk(visit{v.b.Succs[0], t}) && walk(visit{v.b.Succs[1], f})
				}
				return walk(visit{v.b.Succs[0], v.isNil}) && walk(visit{v.b.Succs[1], v.isNil})
			case *ssa.Jump:
				return walk(visit{v.b.Succs[0], v.isNil})
			}
		}
		return true
	}
	if len(sf.Blocks) == 0 || sf.Recover != nil {
		return false
	}
	return walk(visit{sf.Blocks[0], 0}) && returnsOnNil
}

// calleeFunc returns the function a call calls, when it is known.
func calleeFunc(call *ssa.Call) *types.Func {
	if call.Call.IsInvoke() {
		return call.Call.Method
	}
	if callee := call.Call.StaticCallee(); callee != nil {
		if fn, ok := callee.Object().(*types.Func); ok {
			return fn.Origin()
		}
	}
	return nil
}
