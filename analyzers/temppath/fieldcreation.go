package temppath

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/lazyssa"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// A library may take the path of a file it creates in a field of its
// configuration: lumberjack's Logger opens Filename with O_CREATE when it
// first writes. A program that sets the field to a predictable shared temp
// path creates there as surely as with os.Create, but the creation is in
// another package's method, reached through the value, not through a call
// with the path as argument (issue 25, shape 7). The library's package
// says so with a fact on the field: some function of the package creates
// at the field's value, read from its SSA form (the field loaded, passed
// through phis, conversions and the package's own functions' results,
// lumberjack's filename() among them). The program is then reported where
// it sets the field: a composite literal of the type, or an assignment.

// createsField is the fact of an exported string field whose value a
// function of its package uses as the path of a creation temppath judges.
type createsField struct {
	Call  string // the creation: "os.OpenFile"
	Where string // its position: "lumberjack.go:213"
}

func (*createsField) AFact() {}

func (f *createsField) String() string { return "createsField(" + f.Call + ")" }

// exportFields computes and exports the createsField facts of the
// package's exported string fields; it reports whether it exported one.
func (c *creations) exportFields() bool {
	if pkgtypes.IsStd(c.pass.Pkg.Path()) {
		return false // no standard type takes the path of a file it creates in a field
	}
	fields := c.candidateFields()
	if len(fields) == 0 {
		return false
	}
	info := c.pass.TypesInfo
	// The creations the package makes, by the position of their call,
	// and the functions that make them.
	type creation struct {
		call *fscall.Call
		arg  int
	}
	at := make(map[token.Pos]creation)
	keep := make(map[*types.Func]bool)
	for fn, d := range c.decls {
		ast.Inspect(d.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fc, ok := fscall.Match(info, call)
			if !ok {
				return true
			}
			path := c.judged(&fc)
			if path == nil {
				return true
			}
			for i, a := range call.Args {
				if a == path {
					at[call.Lparen] = creation{call: &fc, arg: i}
					keep[fn] = true
				}
			}
			return true
		})
	}
	if len(at) == 0 {
		return false
	}
	// The functions whose string results may carry a field to a creation.
	for fn, d := range c.decls {
		if keep[fn] || !stringResult(fn) {
			continue
		}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if v, ok := info.Uses[sel.Sel].(*types.Var); ok && fields[v] {
					keep[fn] = true
				}
			}
			return !keep[fn]
		})
	}
	prog, _ := c.pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
	if prog == nil {
		return false
	}
	pkg := prog.Bodies(func(fn *types.Func) bool { return keep[fn] }, nil)
	found := make(map[*types.Var]*createsField)
	for fn := range keep {
		sf := pkg.Prog.FuncValue(fn)
		if sf == nil {
			continue
		}
		for _, b := range sf.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				cr, ok := at[call.Pos()]
				if !ok || cr.arg >= len(call.Call.Args) {
					continue
				}
				for _, v := range fieldsOf(pkg.Prog, call.Call.Args[cr.arg], fields, 0, make(map[ssa.Value]bool)) {
					if found[v] == nil {
						found[v] = &createsField{Call: cr.call.Name, Where: c.whereAt(call.Pos())}
					}
				}
			}
		}
	}
	for v, f := range found {
		c.pass.ExportObjectFact(v, f)
	}
	return len(found) > 0
}

// candidateFields returns the exported string fields of the package's
// named struct types: the ones another package can set.
func (c *creations) candidateFields() map[*types.Var]bool {
	fields := make(map[*types.Var]bool)
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || tn.IsAlias() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Exported() && !f.Embedded() && stringType(f.Type()) {
				fields[f] = true
			}
		}
	}
	return fields
}

func stringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func stringResult(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if stringType(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// maxFieldDepth bounds how many of the package's functions a path is
// followed through, back to a field.
const maxFieldDepth = 3

// fieldsOf returns the candidate fields whose value v may be: a load of
// the field, through phis, conversions, and the results of the package's
// functions whose bodies were built.
func fieldsOf(prog *ssa.Program, v ssa.Value, fields map[*types.Var]bool, depth int, seen map[ssa.Value]bool) []*types.Var {
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if fa, ok := v.X.(*ssa.FieldAddr); ok {
				return fieldVar(fa.X.Type(), fa.Field, fields)
			}
		}
	case *ssa.Field:
		return fieldVar(v.X.Type(), v.Field, fields)
	case *ssa.Phi:
		var out []*types.Var
		for _, e := range v.Edges {
			out = append(out, fieldsOf(prog, e, fields, depth, seen)...)
		}
		return out
	case *ssa.ChangeType:
		return fieldsOf(prog, v.X, fields, depth, seen)
	case *ssa.Convert:
		return fieldsOf(prog, v.X, fields, depth, seen)
	case *ssa.Call:
		return resultFields(prog, v, 0, fields, depth, seen)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return resultFields(prog, call, v.Index, fields, depth, seen)
		}
	}
	return nil
}

// resultFields follows result index of a call of one of the package's
// built functions to the fields its returns give.
func resultFields(prog *ssa.Program, call *ssa.Call, index int, fields map[*types.Var]bool, depth int, seen map[ssa.Value]bool) []*types.Var {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || depth >= maxFieldDepth {
		return nil
	}
	var out []*types.Var
	for _, b := range callee.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && index < len(ret.Results) {
			out = append(out, fieldsOf(prog, ret.Results[index], fields, depth+1, seen)...)
		}
	}
	return out
}

// fieldVar returns the field number i of the struct that t (a struct or a
// pointer to one) is, when it is a candidate.
func fieldVar(t types.Type, i int, fields map[*types.Var]bool) []*types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() || !fields[st.Field(i)] {
		return nil
	}
	return []*types.Var{st.Field(i)}
}

// checkFieldSets reports the composite literals and assignments that set
// a field with a createsField fact to a predictable shared temp path.
func (c *checker) checkFieldSets(file *ast.File) {
	info := c.pass.TypesInfo
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			if t == nil {
				return true
			}
			if _, ok := t.Underlying().(*types.Struct); !ok {
				return true
			}
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if key, ok := kv.Key.(*ast.Ident); ok {
					if v, ok := info.Uses[key].(*types.Var); ok && v.IsField() {
						c.fieldSet(v, t, kv.Value)
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN {
				return true
			}
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
					c.fieldSet(s.Obj().(*types.Var), s.Recv(), n.Rhs[i])
				}
			}
		}
		return true
	})
}

// fieldSet reports value when it is a predictable shared temp path set
// into a field of another package that its package creates at.
func (c *checker) fieldSet(field *types.Var, owner types.Type, value ast.Expr) {
	if field.Pkg() == nil || field.Pkg() == c.pass.Pkg {
		return
	}
	var f createsField
	if !c.pass.ImportObjectFact(field, &f) {
		return
	}
	d := c.paths.DescribeWith(value, c.facts.foreign)
	if d.Loc != tempdir.Shared || !d.Predictable {
		return
	}
	if p, ok := owner.(*types.Pointer); ok {
		owner = p.Elem()
	}
	typeName := types.TypeString(owner, func(p *types.Package) string { return p.Name() })
	c.report(analysis.Diagnostic{
		Pos: value.Pos(), End: value.End(),
		Message: fmt.Sprintf("%s of %s names a file that its package creates (%s at %s), here at a predictable name in shared temp dir%s: another local user can pre-create it or plant a symlink; set it to a path in a private directory (one from os.MkdirTemp, or under os.UserCacheDir())",
			field.Name(), typeName, f.Call, f.Where, c.origin(d.Origin)),
	})
}
