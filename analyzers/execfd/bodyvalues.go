package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/lazyssa"
)

// The local slices that hold commands or files (collections.go,
// filecollections.go) are followed on the SSA form of the function, built
// with debug information: each expression of the body is tied to the value
// it computes, so that the value a slice variable holds at one of its uses
// is known, and which uses of a variable put a command into it, whatever
// the syntax in between (a phi at a loop's head, a cell that a closure
// captures, a composite literal, an interface). The form is built only for
// the functions that a cheap look at their syntax and types finds a slice
// of commands or files in (mayCollect).

// A bodyValues is the SSA form of one function under analysis: the
// function and the literals inside it, with the value each expression
// computes.
type bodyValues struct {
	funcs []*ssa.Function
	value map[ast.Expr]ssa.Value   // the value each expression computes
	exprs map[ssa.Value][]ast.Expr // the expressions that compute each value
	// vars lists, for each local variable, the values it holds at its
	// uses and assignments, and the cell that holds it when a closure
	// captures it.
	vars map[*types.Var][]ssa.Value
	// varsAt lists, for each value, the variables that hold it there.
	varsAt map[ssa.Value][]*types.Var
}

// values returns the SSA form of the function, nil when it was not built.
func (fn *fun) values() *bodyValues {
	if fn.vals != nil || fn.noVals {
		return fn.vals
	}
	sf := fn.c.debugFunc(fn.node)
	if sf == nil {
		fn.noVals = true
		return nil
	}
	b := &bodyValues{
		value:  make(map[ast.Expr]ssa.Value),
		exprs:  make(map[ssa.Value][]ast.Expr),
		vars:   make(map[*types.Var][]ssa.Value),
		varsAt: make(map[ssa.Value][]*types.Var),
	}
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		b.funcs = append(b.funcs, f)
		for _, blk := range f.Blocks {
			for _, instr := range blk.Instrs {
				ref, ok := instr.(*ssa.DebugRef)
				if !ok {
					continue
				}
				e := ast.Unparen(ref.Expr)
				if _, seen := b.value[e]; !seen || !ref.IsAddr {
					b.value[e] = ref.X
				}
				b.exprs[ref.X] = append(b.exprs[ref.X], e)
				if v, ok := ref.Object().(*types.Var); ok {
					b.vars[v] = append(b.vars[v], ref.X)
					b.varsAt[ref.X] = append(b.varsAt[ref.X], v)
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	add(sf)
	fn.vals = b
	return b
}

// varsOf returns the local slice variables of the function that the value
// is assigned to or read from, by the identifiers tied to it within the
// statement stmt (exprsWithin).
func (fn *fun) varsOf(b *bodyValues, x ssa.Value, stmt ast.Stmt) []*types.Var {
	var vs []*types.Var
	for _, e := range b.exprsWithin(x, stmt) {
		id, ok := e.(*ast.Ident)
		if !ok {
			continue
		}
		v := fn.localVar(id)
		if v == nil {
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Slice); !ok {
			continue
		}
		vs = append(vs, v)
	}
	return vs
}

// holds reports whether the value is one that the variable v holds at one
// of its uses or assignments.
func (b *bodyValues) holds(v *types.Var, x ssa.Value) bool {
	for _, w := range b.varsAt[x] {
		if w == v {
			return true
		}
	}
	return false
}

func within(n, span ast.Node) bool { return span.Pos() <= n.Pos() && n.End() <= span.End() }

// exprsWithin returns the expressions that compute x written within the
// node at, the statement an instruction is part of (stmtAt) or the
// expression that makes an element: how the instruction's operand is
// written there. An instruction with no position has no statement, and
// nothing is written there.
func (b *bodyValues) exprsWithin(x ssa.Value, at ast.Node) []ast.Expr {
	if at == nil {
		return nil
	}
	var es []ast.Expr
	for _, e := range b.exprs[x] {
		if within(e, at) {
			es = append(es, e)
		}
	}
	return es
}

// stmtAt returns the innermost statement of the function's file that
// encloses pos, nil when pos is not valid.
func (fn *fun) stmtAt(pos token.Pos) ast.Stmt {
	if !pos.IsValid() {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(fn.file, pos, pos)
	for _, n := range path {
		if s, ok := n.(ast.Stmt); ok {
			return s
		}
	}
	return nil
}

// debugFunc returns the SSA form, with debug information, of the function
// declaration or literal node, nil when the package's cheap pre-pass
// (mayCollect) found nothing in its declaration to follow. A literal at
// package level is built with the initializer it is in, when the pre-pass
// finds something in one of that initializer's literals. A generic
// function is built once, with its type parameters: a command or file
// slice in it has a type of its own that no instantiation changes.
func (c *checker) debugFunc(node ast.Node) *ssa.Function {
	if c.debugFuncs == nil {
		c.debugFuncs = make(map[ast.Node]*ssa.Function)
		keep := make(map[*types.Func]bool)
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if ok && c.mayCollect(fd.Body) {
					keep[obj] = true
				}
			}
		}
		inits := make(map[*types.Initializer]bool)
		for _, init := range c.pass.TypesInfo.InitOrder {
			ast.Inspect(init.Rhs, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok && !inits[init] && c.mayCollect(lit.Body) {
					inits[init] = true
				}
				return !inits[init]
			})
		}
		if len(keep) == 0 && len(inits) == 0 {
			return nil
		}
		prog := c.pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
		pkg := prog.DebugBodies(func(f *types.Func) bool { return keep[f] },
			func(init *types.Initializer) bool { return inits[init] })
		var add func(f *ssa.Function)
		add = func(f *ssa.Function) {
			if f == nil || f.Blocks == nil {
				return
			}
			if s := f.Syntax(); s != nil {
				c.debugFuncs[s] = f
			}
			for _, anon := range f.AnonFuncs {
				add(anon)
			}
		}
		for obj := range keep {
			add(pkg.Prog.FuncValue(obj))
		}
		if len(inits) > 0 {
			for _, anon := range pkg.Func("init").AnonFuncs {
				add(anon)
			}
		}
	}
	return c.debugFuncs[node]
}

// mayCollect is the cheap pre-pass: whether the body names a variable, or
// ranges over a value, of a slice type whose elements may hold a command
// or a file.
func (c *checker) mayCollect(body *ast.BlockStmt) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := info.ObjectOf(n).(*types.Var); ok && c.resourceSlice(v.Type()) {
				found = true
			}
		case *ast.RangeStmt:
			if t := info.TypeOf(n.X); t != nil && c.resourceSlice(t) {
				found = true
			}
		}
		return !found
	})
	return found
}

// resourceSlice reports whether t is a slice whose elements are, or are
// structs (or pointers to structs) with a field that is, a command or a
// file.
func (c *checker) resourceSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	elem := s.Elem()
	if c.isCmdLike(elem) || pkgtypes.IsOSFile(elem) || c.holdsCmdField(elem) {
		return true
	}
	if p, ok := types.Unalias(elem).(*types.Pointer); ok {
		elem = p.Elem()
	}
	st, ok := elem.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if pkgtypes.IsOSFile(f.Type()) {
			return true
		}
	}
	return false
}
