package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// randomDirAssign recognizes a home-made temp directory: a name whose last
// element is random (a math/rand or crypto/rand value flows into it on
// the SSA form, as randomValue judges) joined to a directory, and created
// with os.MkdirAll or os.Mkdir without a loop that retries on an existing
// name (act's startHostEnvironment):
//
//	miscpath := filepath.Join(cacheDir, hex.EncodeToString(randBytes))
//	if err := os.MkdirAll(filepath.Join(miscpath, "act"), 0o777); err != nil {
//
// The function made the directory (MkdirAll makes it as the parent of the
// path inside it), and owes its removal or hand-off on every path, as for
// os.MkdirTemp's. It returns the assignment of the first call of fn that
// creates it, with the variable holding the name as the object and the
// directory it is joined to as the parent, or nil. A name joined to a
// private directory (inside a temp directory the function tracks,
// t.TempDir()) is a path inside an object someone owns already: no new
// obligation. Only tempcleanup's check of fn uses it, not the returnsTemp
// fact. The syntax only preselects the call (its callee, its assignment,
// a random source named in fn: mayMakeRandom); the SSA form of fn decides
// the rest.
func (r *Result) randomDirAssign(fn ast.Node, call *ast.CallExpr, stack []ast.Node) *Assign {
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	if body == nil || len(stack) == 0 {
		return nil
	}
	callee, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok || !isMkdir(callee) || len(call.Args) != 2 {
		return nil
	}
	lhs, rhs := pathflow.AssignSides(stack[len(stack)-1])
	if len(lhs) != 1 || len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(call) {
		return nil
	}
	errID, ok := lhs[0].(*ast.Ident)
	if !ok || !r.mayMakeRandom(body) {
		return nil
	}
	sf := r.ssaOfNode(fn)
	if sf == nil {
		return nil
	}
	obj, join := r.randomDirOf(sf, body, callee, call)
	if obj == nil {
		return nil
	}
	parent := join.Args[0]
	if r.dirs.Classify(parent) == tempdir.Private || r.testingDir(parent) {
		return nil // a path inside an object someone owns
	}
	// Only the first call that makes it is the creation.
	first := true
	ast.Inspect(body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || !first || c.Pos() >= call.Pos() {
			return first
		}
		if f, ok := typeutil.Callee(r.info, c).(*types.Func); ok && isMkdir(f) && len(c.Args) == 2 {
			if _, other := r.randomDirOf(sf, body, f, c); other == join {
				first = false
			}
		}
		return first
	})
	if !first {
		return nil
	}
	return &Assign{
		Stmt:     stack[len(stack)-1],
		Object:   obj,
		Err:      errID,
		Creation: &Creation{Call: call, Callee: callee, Kind: Dir, Cleanup: -1, DirArg: parent},
	}
}

// isMkdir reports whether fn is os.Mkdir or os.MkdirAll.
func isMkdir(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "os" && (fn.Name() == "Mkdir" || fn.Name() == "MkdirAll")
}

// mayMakeRandom is the syntactic pre-pass: body names something of a
// random package (rand.Read, rand.Int, rand.Reader) or calls a function
// of the package that calls into one. Only then is the SSA form of its
// function built.
func (r *Result) mayMakeRandom(body *ast.BlockStmt) bool {
	if may, ok := r.randomMemo[body]; ok {
		return may
	}
	may := false
	ast.Inspect(body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || may {
			return !may
		}
		obj := r.info.Uses[id]
		if obj == nil || obj.Pkg() == nil {
			return true
		}
		if randPackages[obj.Pkg().Path()] {
			may = true
		} else if fn, ok := obj.(*types.Func); ok && fn.Pkg() == r.pkg {
			if d := r.decls[fn.Origin()]; d != nil && d.Body != nil && d.Body != body && callsRand(r.info, d.Body) {
				may = true // nextRandom()
			}
		}
		return !may
	})
	r.randomMemo[body] = may
	return may
}

// randomDirOf returns the variable with a random last element that the
// path argument of the mkdir call makes (an identifier of it) and the
// filepath.Join that built its value: the argument is that variable, or,
// for os.MkdirAll, a path joined inside it (directly, or through a
// variable). The identifiers are read from the syntax of the call and of
// the joins, their values from the SSA form sf of the function.
func (r *Result) randomDirOf(sf *ssa.Function, body *ast.BlockStmt, mkdir *types.Func, call *ast.CallExpr) (*ast.Ident, *ast.CallExpr) {
	site := callAt(sf, call)
	if site == nil || len(site.Call.Args) != 2 {
		return nil, nil
	}
	e, v := call.Args[0], site.Call.Args[0]
	for range 2 {
		v = cellValue(v)
		elems := joinElems(v)
		join := callExprAt(body, v)
		if len(elems) < 2 || join == nil || len(join.Args) != len(elems) {
			return nil, nil
		}
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && r.randomLast(elems) {
			return id, join
		}
		if mkdir.Name() != "MkdirAll" {
			return nil, nil
		}
		e, v = join.Args[0], elems[0]
		if _, ok := ast.Unparen(e).(*ast.Ident); !ok {
			return nil, nil
		}
	}
	return nil, nil
}

// randomLast reports whether a random value flows into the last of the
// joined elements and into none before it (a path inside a random
// directory).
func (r *Result) randomLast(elems []ssa.Value) bool {
	if !r.randomValue(elems[len(elems)-1], make(map[ssa.Value]bool)) {
		return false
	}
	for _, e := range elems[:len(elems)-1] {
		if r.randomValue(e, make(map[ssa.Value]bool)) {
			return false
		}
	}
	return true
}
