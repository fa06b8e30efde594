package errpred

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/pathflow"
)

//go:embed doc.go
var doc string

// Analyzer computes a *Result for the package and exports a fact for each
// of its predicates.
var Analyzer = &analysis.Analyzer{
	Name:             "errpred",
	Doc:              analysisdoc.Extract(doc, "errpred"),
	URL:              "https://pkg.go.dev/github.com/tmplint/tmplint/passes/errpred",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{new(nilFalse)},
}

// nilFalse is the fact of a function that returns false when its error
// parameter Param (an index) is nil.
type nilFalse struct{ Param int }

func (*nilFalse) AFact() {}

func (f *nilFalse) String() string { return fmt.Sprintf("nilfalse(%d)", f.Param) }

// Result answers for the calls of one package.
type Result struct {
	info  *types.Info
	pass  *analysis.Pass
	local map[*types.Func]int // this package's predicates: the index of the error parameter
}

// Arg returns the error argument of call if the callee returns true only
// for a non-nil one; otherwise nil.
func (r *Result) Arg(call *ast.CallExpr) ast.Expr {
	if r == nil {
		return nil
	}
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	if i, ok := r.param(fn, call); ok && i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

func (r *Result) param(fn *types.Func, call *ast.CallExpr) (int, bool) {
	fn = fn.Origin()
	if i, ok := std(fn, call, r.info); ok {
		return i, true
	}
	if fn.Pkg() == r.pass.Pkg {
		i, ok := r.local[fn]
		return i, ok
	}
	var f nilFalse
	if r.pass.ImportObjectFact(fn, &f) {
		return f.Param, true
	}
	return 0, false
}

// std knows the standard library's predicates.
func std(fn *types.Func, call *ast.CallExpr, info *types.Info) (int, bool) {
	if fn.Pkg() == nil {
		return 0, false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "errors.Is":
		// errors.Is(nil, nil) is true: only a target that is not the nil
		// literal makes the call false for a nil error.
		if len(call.Args) == 2 && isNilLit(info, call.Args[1]) {
			return 0, false
		}
		return 0, true
	case "errors.As", "os.IsExist", "os.IsNotExist", "os.IsPermission", "os.IsTimeout":
		return 0, true
	}
	return 0, false
}

func isNilLit(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.Uses[id].(*types.Nil)
	return isNil
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, pass: pass, local: make(map[*types.Func]int)}
	cands := make(map[*types.Func]*candidate)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			if p, i := errParam(fn); p != nil {
				cands[fn] = &candidate{decl: fd, param: p, index: i}
			}
		}
	}
	if len(cands) == 0 {
		return r, nil
	}
	c := &checker{pass: pass, res: r, cands: cands, cfgs: pathflow.NewCFGs(pass.TypesInfo, pass.Files)}
	for fn := range cands {
		if c.isPredicate(fn) {
			pass.ExportObjectFact(fn, &nilFalse{Param: cands[fn].index})
		}
	}
	return r, nil
}

// errParam returns the single parameter of type error of a function that
// returns one bool, and its index. A generic function is judged on its own
// body: its error parameter and its returns are the same in every
// instantiation, and callers find its fact from an instance by its origin.
func errParam(fn *types.Func) (*types.Var, int) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return nil, 0
	}
	if b, ok := sig.Results().At(0).Type().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil, 0
	}
	var p *types.Var
	idx := 0
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		if types.Identical(v.Type(), errorType) {
			if p != nil {
				return nil, 0
			}
			p, idx = v, i
		}
	}
	if p == nil || p.Name() == "" || p.Name() == "_" {
		return nil, 0
	}
	return p, idx
}

var errorType = types.Universe.Lookup("error").Type()

type candidate struct {
	decl  *ast.FuncDecl
	param *types.Var
	index int
	state int8 // 0 not decided, 1 deciding, 2 yes, 3 no
}

type checker struct {
	pass  *analysis.Pass
	res   *Result
	cands map[*types.Func]*candidate
	cfgs  *pathflow.CFGs
}

// isPredicate decides a candidate, deciding the candidates it calls first;
// a cycle counts as no.
func (c *checker) isPredicate(fn *types.Func) bool {
	cd := c.cands[fn]
	switch cd.state {
	case 1, 3:
		return false
	case 2:
		return true
	}
	cd.state = 1
	ok := c.decide(cd)
	cd.state = 3
	if ok {
		cd.state = 2
		c.res.local[fn] = cd.index
	}
	return ok
}

func (c *checker) decide(cd *candidate) bool {
	info := c.pass.TypesInfo
	p := cd.param
	// The parameter must keep its value: never assigned, address never
	// taken.
	stable := true
	ast.Inspect(cd.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == p {
					stable = false
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == p {
				stable = false
			}
		}
		return stable
	})
	if !stable {
		return false
	}
	ev := &evaluator{info: info, p: p, pred: c.arg}
	q := &pathflow.Query{
		Info: info, CFG: c.cfgs.FuncDecl(cd.decl), Err: p,
		Release:      func(ast.Node, []ast.Node) pathflow.Action { return pathflow.Action{} },
		ErrPredicate: c.arg,
	}
	good := true
	pathflow.Reaches(q, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			if len(n.Results) != 1 || !ev.falseOrPanic(n.Results[0]) {
				good = false
			}
			return true
		case ast.Expr:
			return ev.panics(n) // a condition that panics ends the path
		case *ast.ExprStmt:
			return ev.panics(n.X)
		case *ast.AssignStmt:
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				return false // v, ok := err.(T) does not panic
			}
			for _, e := range n.Rhs {
				if ev.panics(e) {
					return true
				}
			}
		}
		return false
	})
	return good
}

// arg is the predicate test during the pass: the written-down and imported
// ones, and this package's, decided on demand.
func (c *checker) arg(call *ast.CallExpr) ast.Expr {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if cd, ok := c.cands[fn]; ok {
		if c.isPredicate(fn) && cd.index < len(call.Args) {
			return call.Args[cd.index]
		}
		return nil
	}
	return c.res.Arg(call)
}

// evaluator judges expressions under the assumption that p is nil.
type evaluator struct {
	info *types.Info
	p    *types.Var
	pred func(*ast.CallExpr) ast.Expr
}

func (ev *evaluator) isP(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && ev.info.Uses[id] == ev.p
}

func (ev *evaluator) constBool(e ast.Expr) (val, ok bool) {
	tv, found := ev.info.Types[e]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// falseOrPanic reports whether e, evaluated with p nil, is false or panics.
func (ev *evaluator) falseOrPanic(e ast.Expr) bool {
	return ev.is(e, false)
}

// is reports whether e, evaluated with p nil, is want or panics.
func (ev *evaluator) is(e ast.Expr, want bool) bool {
	e = ast.Unparen(e)
	if v, ok := ev.constBool(e); ok {
		return v == want
	}
	if ev.panics(e) {
		return true
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return ev.is(e.X, !want)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			// x && y is false if either is; true only if both are. x || y
			// the other way round. Either side panicking is covered too:
			// the left one is evaluated first, the right one only when
			// the left one did not decide.
			if (e.Op == token.LAND) != want {
				return ev.is(e.X, want) || ev.is(e.Y, want)
			}
			return ev.is(e.X, want) && ev.is(e.Y, want)
		case token.EQL, token.NEQ:
			x, y := e.X, e.Y
			if isNilLit(ev.info, x) {
				x, y = y, x
			}
			if ev.isP(x) && isNilLit(ev.info, y) {
				return (e.Op == token.EQL) == want
			}
		}
	case *ast.CallExpr:
		if !want {
			if arg := ev.pred(e); arg != nil && ev.isP(arg) {
				return true
			}
		}
	}
	return false
}

// panics reports whether evaluating e with p nil always panics: it calls a
// method of p or asserts p's type (single-valued) where that is always
// evaluated.
func (ev *evaluator) panics(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && ev.isP(sel.X) {
			return true // p.Error() on a nil interface
		}
		if ev.panics(e.Fun) {
			return true
		}
		for _, a := range e.Args {
			if ev.panics(a) {
				return true
			}
		}
	case *ast.SelectorExpr:
		return ev.panics(e.X)
	case *ast.TypeAssertExpr:
		return ev.isP(e.X) && e.Type != nil
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			return ev.panics(e.X)
		}
		return ev.panics(e.X) || ev.panics(e.Y)
	case *ast.UnaryExpr:
		return e.Op != token.AND && ev.panics(e.X)
	case *ast.IndexExpr:
		return ev.panics(e.X) || ev.panics(e.Index)
	}
	return false
}
