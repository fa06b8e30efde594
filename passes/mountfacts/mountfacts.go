package mountfacts

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/mounts"
)

//go:embed doc.go
var doc string

// Analyzer computes a *Result for the package and exports a mountsAt fact
// for each of its functions that mount at or under a parameter.
var Analyzer = &analysis.Analyzer{
	Name:             "mountfacts",
	Doc:              analysisdoc.Extract(doc, "mountfacts"),
	URL:              "https://pkg.go.dev/github.com/tmplint/tmplint/passes/mountfacts",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{new(mountsAt), new(mounter), new(unmountsAt)},
}

// mountsAt is the fact of a function that mounts at or under its
// parameters Params (indices, the receiver not counted).
type mountsAt struct{ Params []int }

func (*mountsAt) AFact() {}

func (f *mountsAt) String() string { return fmt.Sprintf("mountsAt%v", f.Params) }

// mounter is the package fact of a package with a mountsAt fact: its
// importers must look at their calls.
type mounter struct{}

func (*mounter) AFact() {}

func (*mounter) String() string { return "mounter" }

// Result answers for the calls of one package.
type Result struct {
	info  *types.Info
	pass  *analysis.Pass
	local map[*types.Func][]int
	// unmounts are the parameters each function unmounts (unmounts.go).
	unmounts map[*types.Func][]int
	active   bool // the package can mount at all
}

// Targets returns the target expressions that call mounts on: the second
// argument of syscall.Mount and unix.Mount, the arguments a mountsAt fact
// names. Nil for any other call.
func (r *Result) Targets(call *ast.CallExpr) []ast.Expr {
	if r == nil || !r.active {
		return nil
	}
	if m, ok := mounts.Match(r.info, call); ok {
		return []ast.Expr{m.Target}
	}
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	var out []ast.Expr
	for _, i := range r.params(fn) {
		if i < len(call.Args) {
			out = append(out, call.Args[i])
		}
	}
	return out
}

func (r *Result) params(fn *types.Func) []int {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return nil
	}
	if fn.Pkg() == r.pass.Pkg {
		return r.local[fn]
	}
	var f mountsAt
	if r.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, pass: pass, local: make(map[*types.Func][]int), unmounts: make(map[*types.Func][]int)}
	if !mayMount(pass) || pass.TypesInfo == nil {
		return r, nil
	}
	r.active = true
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			if ps := r.mountedParams(fd, fn); len(ps) != len(r.local[fn]) {
				r.local[fn] = ps
				changed = true
			}
			if ps := r.unmountedParams(fd, fn); len(ps) != len(r.unmounts[fn]) {
				r.unmounts[fn] = ps
				changed = true
			}
		}
	}
	exported := false
	for fn, ps := range r.local {
		if len(ps) > 0 {
			pass.ExportObjectFact(fn, &mountsAt{Params: ps})
			exported = true
		}
	}
	if r.exportUnmounts() {
		exported = true
	}
	if exported {
		pass.ExportPackageFact(&mounter{})
	}
	return r, nil
}

// mayMount reports whether the package imports syscall, x/sys/unix or a
// package with functions that mount.
func mayMount(pass *analysis.Pass) bool {
	for _, p := range pass.Pkg.Imports() {
		switch p.Path() {
		case "syscall", "golang.org/x/sys/unix":
			return true
		}
		if pass.ImportPackageFact(p, new(mounter)) {
			return true
		}
	}
	return false
}

// mountedParams returns the parameters of fd that a mount in its body has
// in its target, sorted. The parameters found so far only grow.
func (r *Result) mountedParams(fd *ast.FuncDecl, fn *types.Func) []int {
	return r.paramsInTargets(fd, fn, r.local[fn], r.Targets, false)
}

// paramsInTargets returns the parameters of fd (recvIndex for the receiver,
// when withRecv) that some call's targets, as targets gives them, have in
// them, added to known, sorted.
func (r *Result) paramsInTargets(fd *ast.FuncDecl, fn *types.Func, known []int, targets func(*ast.CallExpr) []ast.Expr, withRecv bool) []int {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return nil
	}
	index := make(map[*types.Var]int)
	for i := 0; i < sig.Params().Len(); i++ {
		index[sig.Params().At(i)] = i
	}
	if withRecv && sig.Recv() != nil {
		index[sig.Recv()] = recvIndex
	}
	values := localValues(r.info, fd.Body)
	found := make(map[int]bool)
	for _, i := range known {
		found[i] = true
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			for _, t := range targets(n) {
				for v := range mentioned(r.info, t, values, 3) {
					if i, ok := index[v]; ok {
						found[i] = true
					}
				}
			}
		}
		return true
	})
	var ps []int
	for i := range found {
		ps = append(ps, i)
	}
	sort.Ints(ps)
	return ps
}

// localValues maps the variables of body to the expressions assigned to
// them.
func localValues(info *types.Info, body *ast.BlockStmt) map[*types.Var][]ast.Expr {
	m := make(map[*types.Var][]ast.Expr)
	add := func(lhs, rhs ast.Expr) {
		if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
			if v, ok := info.ObjectOf(id).(*types.Var); ok {
				m[v] = append(m[v], rhs)
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					add(n.Lhs[i], n.Rhs[i])
				}
			} else if len(n.Rhs) == 1 {
				add(n.Lhs[0], n.Rhs[0])
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if i < len(n.Values) {
					add(id, n.Values[i])
				}
			}
		}
		return true
	})
	return m
}

// mentioned returns the variables that e mentions, and those mentioned by
// the values of the local variables it mentions, depth assignments away.
func mentioned(info *types.Info, e ast.Expr, values map[*types.Var][]ast.Expr, depth int) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	var walk func(e ast.Expr, depth int)
	walk = func(e ast.Expr, depth int) {
		ast.Inspect(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, _ := info.Uses[id].(*types.Var)
			if v == nil || out[v] {
				return true
			}
			out[v] = true
			if depth > 0 {
				for _, val := range values[v] {
					walk(val, depth-1)
				}
			}
			return true
		})
	}
	walk(e, depth)
	return out
}
