package tempdir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/types/typeutil"
)

// maxCallDepth bounds how far the evaluator follows a value into the
// functions of the package (results) and out to their callers
// (parameters).
const maxCallDepth = 3

// A callSite is a static call of a function of the package.
type callSite struct {
	call   *ast.CallExpr
	caller *types.Func // the function declaration that holds the call
}

// funcIndex knows the functions of the package: their declarations,
// their call sites, which of them are used as values (their callers are
// not all known), their parameters, the named results assigned apart
// from their returns, and the range value variables.
type funcIndex struct {
	decls   map[*types.Func]*ast.FuncDecl
	calls   map[*types.Func][]callSite
	escaped map[*types.Func]bool
	params  map[*types.Var]paramOf
	results map[*types.Var][]resultSrc // the assignments to named results
	ranges  map[*types.Var]*ast.RangeStmt
}

// resultSrc is an assignment to a named result: expr, or result index of
// call; neither when the index cannot follow it.
type resultSrc struct {
	expr  ast.Expr
	call  *ast.CallExpr
	index int
}

type paramOf struct {
	fn    *types.Func
	index int
}

func (r *Result) funcs() *funcIndex {
	r.fonce.Do(func() { r.fidx = buildFuncIndex(r.info, r.pkg, r.files) })
	return r.fidx
}

func buildFuncIndex(info *types.Info, pkg *types.Package, files []*ast.File) *funcIndex {
	x := &funcIndex{
		decls:   make(map[*types.Func]*ast.FuncDecl),
		calls:   make(map[*types.Func][]callSite),
		escaped: make(map[*types.Func]bool),
		params:  make(map[*types.Var]paramOf),
		results: make(map[*types.Var][]resultSrc),
		ranges:  make(map[*types.Var]*ast.RangeStmt),
	}
	funs := make(map[*ast.Ident]bool) // the callees of static calls
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			x.decls[fn] = fd
			sig := fn.Signature()
			for i := range sig.Params().Len() {
				x.params[sig.Params().At(i)] = paramOf{fn, i}
			}
			named := make(map[*types.Var]bool)
			for i := range sig.Results().Len() {
				if v := sig.Results().At(i); v.Name() != "" {
					named[v] = true
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if callee := typeutil.StaticCallee(info, n); callee != nil && callee.Pkg() == pkg {
						x.calls[callee.Origin()] = append(x.calls[callee.Origin()], callSite{n, fn})
						if id := selIdent(n.Fun); id != nil {
							funs[id] = true
						}
					}
				case *ast.RangeStmt:
					if id, ok := n.Value.(*ast.Ident); ok && n.Tok == token.DEFINE {
						if v, ok := info.Defs[id].(*types.Var); ok {
							x.ranges[v] = n
						}
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						id, ok := l.(*ast.Ident)
						if !ok {
							continue
						}
						v, ok := info.Uses[id].(*types.Var)
						if !ok || !named[v] {
							continue
						}
						var src resultSrc
						switch {
						case len(n.Lhs) == len(n.Rhs):
							if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
								src.expr = n.Rhs[i]
							}
						case len(n.Rhs) == 1:
							if c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
								src.call, src.index = c, i
							}
						}
						x.results[v] = append(x.results[v], src)
					}
				}
				return true
			})
		}
	}
	// Functions used as values (handler = f), here or at package level.
	for id, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == pkg && !funs[id] {
			x.escaped[fn.Origin()] = true
		}
	}
	return x
}

// knownCallers reports whether every call of fn is in the package and
// seen: an unexported function that is not a method and is never used as
// a value.
func (x *funcIndex) knownCallers(fn *types.Func) bool {
	return !fn.Exported() && fn.Signature().Recv() == nil && !x.escaped[fn] && x.decls[fn] != nil && len(x.calls[fn]) > 0
}

// child returns an evaluator for a value in another function: its own
// memo, one level deeper.
func (ev *evaluator) child() *evaluator {
	c := ev.r.newEval()
	c.foreign = ev.foreign
	c.depth = ev.depth + 1
	c.funcBusy = ev.funcBusy
	return c
}

// paramVal evaluates a parameter of an unexported function of the package
// by the arguments that its callers pass: its name is predictable when
// every caller passes a predictable value. Its location stays unknown:
// a path the caller chooses is judged at the caller.
func (ev *evaluator) paramVal(v *types.Var) (val, bool) {
	x := ev.r.funcs()
	p, ok := x.params[v]
	if !ok || ev.depth >= maxCallDepth || !x.knownCallers(p.fn) || ev.funcBusy[p.fn] {
		return val{}, false
	}
	sig := p.fn.Signature()
	if sig.Variadic() && p.index == sig.Params().Len()-1 || ev.r.index().Assigned(v) {
		return val{}, false
	}
	ev.funcBusy[p.fn] = true
	defer delete(ev.funcBusy, p.fn)
	var res val
	for i, s := range x.calls[p.fn] {
		if s.call.Ellipsis.IsValid() || p.index >= len(s.call.Args) {
			return val{}, false
		}
		a := ev.child().eval(s.call.Args[p.index])
		if i == 0 {
			res = a
		} else {
			res = merge(res, a)
		}
	}
	return val{loc: Unknown, parent: Unknown, name: res.name, pred: res.pred}, true
}

// resultVal evaluates a named result of a function of the package that
// returns values: every plain assignment to it merged, or false when one
// is not plain.
func (ev *evaluator) resultVal(v *types.Var) (val, bool) {
	exprs, ok := ev.r.funcs().results[v]
	if !ok || len(exprs) == 0 || ev.busy[v] {
		return val{}, false // a result assigned from itself (dir, err = os.MkdirTemp(dir, "x")) is not followed round
	}
	ev.busy[v] = true
	defer delete(ev.busy, v)
	var res val
	for i, e := range exprs {
		var a val
		switch {
		case e.expr != nil:
			a = ev.eval(e.expr)
		case e.call != nil:
			a = ev.evalCall(e.call, e.index)
		default:
			return val{}, false
		}
		if i == 0 {
			res = a
		} else {
			res = merge(res, a)
		}
	}
	return res, true
}

// callResult evaluates result number index of a call of a function of the
// package from its return statements, with its parameters bound to the
// call's arguments: a path that a helper builds and returns
// (func sockPath() string { return filepath.Join(os.TempDir(), "x.sock") })
// is judged where it is used.
func (ev *evaluator) callResult(call *ast.CallExpr, fn *types.Func, index int) (val, bool) {
	fn = fn.Origin()
	x := ev.r.funcs()
	decl := x.decls[fn]
	if decl == nil || ev.depth >= maxCallDepth || ev.funcBusy[fn] || call.Ellipsis.IsValid() {
		return val{}, false
	}
	sig := fn.Signature()
	if sig.Recv() != nil || index >= sig.Results().Len() {
		return val{}, false
	}
	rets := ReturnStmts(decl.Body)
	if len(rets) == 0 {
		return val{}, false
	}
	sub := ev.child()
	sub.bind = make(map[*types.Var]val)
	for i := range sig.Params().Len() {
		if i < len(call.Args) && !(sig.Variadic() && i == sig.Params().Len()-1) && !ev.r.index().Assigned(sig.Params().At(i)) {
			sub.bind[sig.Params().At(i)] = ev.eval(call.Args[i])
		}
	}
	ev.funcBusy[fn] = true
	defer delete(ev.funcBusy, fn)
	var res val
	for i, ret := range rets {
		var e ast.Expr
		switch {
		case len(ret.Results) == sig.Results().Len():
			e = ret.Results[index]
		case len(ret.Results) == 0 && sig.Results().At(index).Name() != "":
			return val{}, false // a bare return of named results: not followed
		default:
			return val{}, false
		}
		a := sub.eval(e)
		if i == 0 {
			res = a
		} else {
			res = merge(res, a)
		}
	}
	if res.loc == Shared && res.origin.What == "" {
		res.origin = Origin{What: "the result of " + fn.Name(), Pos: fn.Pos()}
	}
	return res, true
}

// ParamJoin reports whether the path e is filepath.Join(p, rest...) (or
// path.Join) of a parameter p of the function fn, directly or through
// local variables assigned once: it returns p's index and the other
// parts.
func (r *Result) ParamJoin(e ast.Expr, sig *types.Signature) (int, []ast.Expr, bool) {
	if r == nil || e == nil || sig == nil {
		return 0, nil, false
	}
	for range 4 {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok {
			v := r.Value(e)
			if v == nil {
				return 0, nil, false
			}
			e = v
			continue
		}
		fn, ok := typeutil.Callee(r.info, call).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Name() != "Join" || len(call.Args) < 2 || call.Ellipsis.IsValid() ||
			fn.Pkg().Path() != "path/filepath" && fn.Pkg().Path() != "path" {
			return 0, nil, false
		}
		i, joined, ok := r.ParamPath(call.Args[0], sig)
		if !ok || joined {
			return 0, nil, false
		}
		return i, call.Args[1:], true
	}
	return 0, nil, false
}

// CallerShared says whether some call of fn in the package passes a
// shared temp directory as parameter index: the argument is one, a
// variable ranging over a package-level slice that holds one, or a
// parameter of the caller that its own callers fill so. It returns the
// chain as text ("os.TempDir() in the loop over logDirs at a.go:12; ..."),
// and whether a call passes the shared directory itself (direct), which
// the createsAt facts of temppath follow to that call.
func (r *Result) CallerShared(fn *types.Func, index int, foreign Foreign, skipDirect bool) (string, bool) {
	if r == nil {
		return "", false
	}
	return r.callerShared(fn.Origin(), index, foreign, skipDirect, 0)
}

func (r *Result) callerShared(fn *types.Func, index int, foreign Foreign, skipDirect bool, depth int) (string, bool) {
	x := r.funcs()
	if depth >= maxCallDepth {
		return "", false
	}
	for _, s := range x.calls[fn] {
		if s.call.Ellipsis.IsValid() || index >= len(s.call.Args) {
			continue
		}
		arg := ast.Unparen(s.call.Args[index])
		at := r.where(s.call.Pos())
		if d := r.DescribeWith(arg, foreign); d.Loc == Shared {
			if skipDirect {
				continue
			}
			return fmt.Sprintf("%s from the call at %s", r.exprText(arg), at), true
		}
		id, ok := arg.(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := r.info.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		if rs, ok := x.ranges[v]; ok {
			if what, where, ok := r.sliceHoldsShared(rs.X, foreign); ok {
				return fmt.Sprintf("%s in the loop over %s at %s; %s", what, r.exprText(rs.X), r.where(rs.Pos()), r.exprText(rs.X)+" holds it from "+where), true
			}
			continue
		}
		if p, ok := x.params[v]; ok && p.fn == s.caller && !r.index().Assigned(v) {
			if what, ok := r.callerShared(p.fn.Origin(), p.index, foreign, skipDirect, depth+1); ok {
				return what, true
			}
		}
	}
	return "", false
}

// sliceHoldsShared reports whether the package-level slice variable e
// holds a shared temp directory: an element of its initializer, or an
// element appended to it (s = append(s, os.TempDir())).
func (r *Result) sliceHoldsShared(e ast.Expr, foreign Foreign) (what, where string, ok bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return "", "", false
	}
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != r.pkg || v.Parent() != r.pkg.Scope() {
		return "", "", false
	}
	if _, ok := v.Type().Underlying().(*types.Slice); !ok {
		return "", "", false
	}
	check := func(elts []ast.Expr) {
		for _, el := range elts {
			if what == "" && r.DescribeWith(el, foreign).Loc == Shared {
				what, where = r.exprText(el), r.where(el.Pos())
			}
		}
	}
	for _, f := range r.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if r.info.Defs[name] == v && i < len(n.Values) {
						if lit, ok := ast.Unparen(n.Values[i]).(*ast.CompositeLit); ok {
							check(lit.Elts)
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					lid, ok := ast.Unparen(l).(*ast.Ident)
					if !ok || r.info.Uses[lid] != v || i >= len(n.Rhs) || len(n.Lhs) != len(n.Rhs) {
						continue
					}
					switch rhs := ast.Unparen(n.Rhs[i]).(type) {
					case *ast.CompositeLit:
						check(rhs.Elts)
					case *ast.CallExpr:
						if b, ok := r.info.Uses[selIdent(rhs.Fun)].(*types.Builtin); ok && b.Name() == "append" && len(rhs.Args) > 1 && !rhs.Ellipsis.IsValid() {
							check(rhs.Args[1:])
						}
					}
				}
			}
			return what == ""
		})
	}
	return what, where, what != ""
}

func (r *Result) where(pos token.Pos) string {
	p := r.fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

func (r *Result) exprText(e ast.Expr) string {
	return types.ExprString(e)
}

// ReturnStmts returns the return statements of a function body, not those
// of the function literals inside it.
func ReturnStmts(body *ast.BlockStmt) []*ast.ReturnStmt {
	var rets []*ast.ReturnStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			rets = append(rets, n)
		}
		return true
	})
	return rets
}
