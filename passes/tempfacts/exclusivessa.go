package tempfacts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A creator's own loop over random names, judged on the SSA form: the
// call opens with O_CREATE|O_EXCL (by the constant's value, whatever it
// is called: syncthing's fs.OptCreate|fs.OptExclusive are os.O_CREATE and
// os.O_EXCL) at a name into which a random value flows, backward through
// the values that build it, and the call lies on a cycle of the control
// flow graph that also tests the error for an existing name
// (os.IsExist, errors.Is(err, fs.ErrExist)): it retries while the name
// exists. The callee may be any function or method, an interface's
// included (a program's own file system), as long as it returns an
// *os.File.

// exclusiveFlagsArg returns the index of the argument of call whose
// constant value includes O_CREATE and O_EXCL as package os of the build
// target defines them, or -1: the syntactic pre-pass, read from the type
// checker's constants.
func (r *Result) exclusiveFlagsArg(call *ast.CallExpr) int {
	for i, a := range call.Args {
		if tv, ok := r.info.Types[a]; ok && tv.Value != nil && r.exclusiveValue(tv.Value) {
			return i
		}
	}
	return -1
}

// exclusiveValue reports whether the integer constant v includes O_CREATE
// and O_EXCL.
func (r *Result) exclusiveValue(v constant.Value) bool {
	os := r.osPackage()
	if os == nil {
		return false
	}
	flags, ok := constant.Int64Val(constant.ToInt(v))
	if !ok {
		return false
	}
	for _, name := range []string{"O_CREATE", "O_EXCL"} {
		c, ok := os.Scope().Lookup(name).(*types.Const)
		if !ok {
			return false
		}
		bit, ok := constant.Int64Val(constant.ToInt(c.Val()))
		if !ok || flags&bit == 0 {
			return false
		}
	}
	return true
}

// osPackage returns package os as the package sees it (imported directly
// or by a package it imports), or nil.
func (r *Result) osPackage() *types.Package {
	if !r.osLooked {
		r.osPkg, r.osLooked = r.findOS(), true
	}
	return r.osPkg
}

func (r *Result) findOS() *types.Package {
	seen := make(map[*types.Package]bool)
	var find func(p *types.Package, depth int) *types.Package
	find = func(p *types.Package, depth int) *types.Package {
		if p.Path() == "os" {
			return p
		}
		if seen[p] || depth > 2 {
			return nil
		}
		seen[p] = true
		for _, q := range p.Imports() {
			if os := find(q, depth+1); os != nil {
				return os
			}
		}
		return nil
	}
	return find(r.pkg, 0)
}

// opensFile reports whether fn's first result is an *os.File and its
// first parameter a name.
func opensFile(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 2 || !pkgtypes.IsOSFile(sig.Results().At(0).Type()) || sig.Params().Len() == 0 {
		return false
	}
	b, ok := sig.Params().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// exclusiveLoop returns, in the SSA form of d, the name call is made at
// when it has a random part and the call is on a cycle that tests for an
// existing name, or nil. A generic d is followed on its own body: the
// flags, the name and the test for an existing one have types that no
// instantiation changes.
func (r *Result) exclusiveLoop(d *ast.FuncDecl, call *ast.CallExpr) ssa.Value {
	fn, ok := r.info.Defs[d.Name].(*types.Func)
	if !ok || !r.mayRetryOnExist(fn, d) {
		return nil
	}
	sf := r.ssaFunc(fn)
	if sf == nil {
		return nil
	}
	site := callAt(sf, call)
	if site == nil {
		return nil
	}
	args := site.Call.Args
	if !site.Call.IsInvoke() && site.Call.Signature().Recv() != nil {
		args = args[1:] // the receiver of a static method call
	}
	if len(args) == 0 || !r.randomValue(args[0], make(map[ssa.Value]bool)) {
		return nil
	}
	if !retriesOnExist(site.Block()) {
		return nil
	}
	return args[0]
}

// mayRetryOnExist is the syntactic pre-pass: d calls os.IsExist or
// errors.Is somewhere, and names something of a random package or a
// function of the package that calls one (mayMakeRandom). Only then is its
// SSA form built.
func (r *Result) mayRetryOnExist(fn *types.Func, d *ast.FuncDecl) bool {
	if may, ok := r.mayRetryMemo[fn]; ok {
		return may
	}
	tests := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || tests {
			return !tests
		}
		callee, ok := typeutil.Callee(r.info, call).(*types.Func)
		if ok && callee.Pkg() != nil {
			switch funcKey(callee) {
			case [2]string{"os", "IsExist"}, [2]string{"errors", "Is"}:
				tests = true
			}
		}
		return !tests
	})
	// A random part: randomdir.go's pre-pass, the same sources that
	// randomValue follows.
	may := tests && r.mayMakeRandom(d.Body)
	r.mayRetryMemo[fn] = may
	return may
}

// retriesOnExist reports whether some block on a cycle through b tests for
// an existing name: a call of os.IsExist, or of errors.Is with
// fs.ErrExist (os.ErrExist) as its target.
func retriesOnExist(b *ssa.BasicBlock) bool {
	from := reachable(b)
	for t := range from {
		for _, instr := range t.Instrs {
			// The test first: the cycle through b costs a walk.
			if c, ok := instr.(*ssa.Call); ok && existTest(c) && reachable(t)[b] {
				return true
			}
		}
	}
	return false
}

// reachable returns the blocks reachable from b by one edge or more.
func reachable(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return seen
}

// existTest reports whether c tests an error for an existing name.
func existTest(c *ssa.Call) bool {
	fn := calleeFunc(c)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch funcKey(fn) {
	case [2]string{"os", "IsExist"}:
		return true
	case [2]string{"errors", "Is"}:
		if len(c.Call.Args) != 2 {
			return false
		}
		target := c.Call.Args[1]
		if load, ok := target.(*ssa.UnOp); ok && load.Op == token.MUL {
			if g, ok := load.X.(*ssa.Global); ok && g.Pkg != nil {
				v := g.Object()
				return v != nil && (v == lookupVar("os", "ErrExist", g) || v == lookupVar("io/fs", "ErrExist", g))
			}
		}
	}
	return false
}

// lookupVar returns the package variable path.name if g's package is
// that package, or nil.
func lookupVar(path, name string, g *ssa.Global) types.Object {
	if g.Pkg.Pkg.Path() != path {
		return nil
	}
	return g.Pkg.Pkg.Scope().Lookup(name)
}

// randomValue reports whether a random value flows into v: the result of
// a call into math/rand or crypto/rand (or of a function of the package
// that calls into one), or a buffer such a call fills, through the values
// that build v (concatenations, conversions, formatting and joining calls,
// phis, local cells and the arrays of variadic arguments).
func (r *Result) randomValue(v ssa.Value, seen map[ssa.Value]bool) bool {
	if v == nil || seen[v] || len(seen) > 200 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Call:
		if fn := calleeFunc(x); fn != nil && fn.Pkg() != nil {
			if randPackages[fn.Pkg().Path()] {
				return true
			}
			if d := r.decls[fn.Origin()]; d != nil && d.Body != nil && callsRand(r.info, d.Body) {
				return true // nextRandom()
			}
		}
	case *ssa.Alloc, *ssa.MakeSlice:
		// A cell or buffer: what is stored into it, and whether a
		// random source fills it.
		for _, ref := range *v.Referrers() {
			if r.fillsRandomly(ref, v, seen) {
				return true
			}
		}
		return false
	case *ssa.IndexAddr:
		if r.randomValue(x.X, seen) {
			return true
		}
	}
	var ops []*ssa.Value
	if instr, ok := v.(ssa.Instruction); ok {
		ops = instr.Operands(ops)
	}
	for _, op := range ops {
		if op != nil && r.randomValue(*op, seen) {
			return true
		}
	}
	return false
}

// fillsRandomly reports whether ref, a referrer of the cell or buffer v,
// puts a random value into it: a store of one (also into an element), a
// call into a random package given it, a slice of it that is so filled.
func (r *Result) fillsRandomly(ref ssa.Instruction, v ssa.Value, seen map[ssa.Value]bool) bool {
	switch ref := ref.(type) {
	case *ssa.Store:
		return ref.Addr == v && r.randomValue(ref.Val, seen)
	case *ssa.IndexAddr:
		for _, rr := range *ref.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ref && r.randomValue(st.Val, seen) {
				return true
			}
		}
	case *ssa.Slice:
		for _, rr := range *ref.Referrers() {
			if r.fillsRandomly(rr, ref, seen) {
				return true
			}
		}
	case *ssa.Call:
		fn := calleeFunc(ref)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		if randPackages[fn.Pkg().Path()] {
			return true // rand.Read(buf)
		}
		if funcKey(fn) == [2]string{"io", "ReadFull"} && len(ref.Call.Args) == 2 {
			return r.randomSource(ref.Call.Args[0]) // io.ReadFull(rand.Reader, buf)
		}
	}
	return false
}

// randomSource reports whether v is a random package's reader (crypto/rand's
// Reader).
func (r *Result) randomSource(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	return ok && g.Pkg != nil && randPackages[g.Pkg.Pkg.Path()]
}
