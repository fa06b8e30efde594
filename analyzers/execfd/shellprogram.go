package execfd

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/assigns"
)

// A programValue is a constant that the package gives the program of a
// command: the constant itself, or what a variable, field or parameter
// holding the program is set to somewhere in the package.
type programValue struct {
	name string
	expr ast.Expr // the expression that gives it: "bash", exec.LookPath("bash")
}

// maxProgramDepth bounds how many variables, fields and parameters the
// search for a program's values goes through.
const maxProgramDepth = 4

// programValues returns the programs that e, the program of a command,
// may name by the package's own code: a constant; exec.LookPath of one
// (the path it finds runs that program); and, for a variable, a field or
// a parameter of a function of the package, the values of every
// assignment the package makes to it, of the composite literals that set
// the field, of a flag's default, and of the arguments at the function's
// calls, followed through other variables. A value the package does not
// choose (a field read from a configuration file, an environment
// variable, a parameter of an exported function called from outside) is
// not among them: the values found are those the package chooses itself.
// A value changed in place (p += "x") is returned with no name: it is
// not the constant it started as. The empty program runs nothing and is
// left out.
func (fn *fun) programValues(e ast.Expr) []programValue {
	var out []programValue
	seen := make(map[*types.Var]bool)
	var walk func(e ast.Expr, depth int)
	walkSources := func(srcs []assigns.Source, depth int) {
		for _, s := range srcs {
			switch s.Kind {
			case assigns.Value, assigns.FlagDefault:
				walk(s.Expr, depth)
			case assigns.Tuple:
				if arg := lookPathArg(fn.info(), s.Call); arg != nil && s.Index == 0 {
					if name, ok := fn.constString(arg); ok && name != "" {
						out = append(out, programValue{name: name, expr: s.Call})
					}
				}
			case assigns.OpAssign, assigns.IncDec:
				out = append(out, programValue{expr: s.Expr}) // changed in place: unknown
			}
			// Zero: the empty program, which runs nothing; Other: unknown.
		}
	}
	walk = func(e ast.Expr, depth int) {
		e = ast.Unparen(e)
		if s, ok := fn.constString(e); ok {
			if s != "" {
				out = append(out, programValue{name: s, expr: e})
			}
			return
		}
		if call, ok := e.(*ast.CallExpr); ok {
			if arg := lookPathArg(fn.info(), call); arg != nil {
				if s, ok := fn.constString(arg); ok && s != "" {
					out = append(out, programValue{name: s, expr: e})
				}
			}
			return
		}
		if depth >= maxProgramDepth {
			return
		}
		v := programVar(fn.info(), e)
		if v == nil || seen[v] || v.Pkg() != fn.c.pass.Pkg {
			return
		}
		seen[v] = true
		vars := fn.c.assigned()
		switch {
		case v.IsField():
			walkSources(vars.PackageFieldWrites(v), depth+1)
		default:
			if p := fn.c.paramOf(v); p.decl != nil {
				for _, arg := range fn.c.argsOf(p) {
					walk(arg, depth+1)
				}
				return
			}
			srcs, _ := vars.Sources(vars.Follow(e))
			walkSources(srcs, depth+1)
		}
	}
	walk(e, 0)
	return out
}

// programVar returns the variable or field that e reads.
func programVar(info *types.Info, e ast.Expr) *types.Var {
	switch e := e.(type) {
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		return v
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			v, _ := sel.Obj().(*types.Var)
			return v
		}
		v, _ := info.Uses[e.Sel].(*types.Var) // pkg.Var
		return v
	case *ast.StarExpr:
		return nil
	}
	return nil
}

// lookPathArg returns the program that exec.LookPath(file) looks for.
func lookPathArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	f, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || f.Pkg() == nil || f.Pkg().Path() != "os/exec" || f.Name() != "LookPath" || len(call.Args) != 1 {
		return nil
	}
	return call.Args[0]
}

// assigned returns the package's index of assignments, built on first
// use: only a command whose program is not a constant asks for it.
func (c *checker) assigned() *assigns.Index {
	if c.vars == nil {
		c.vars = assigns.New(c.pass.TypesInfo, c.pass.Pkg, c.pass.Files)
	}
	return c.vars
}

// A paramRef is parameter index of the function declared by decl.
type paramRef struct {
	fn    *types.Func
	decl  *ast.FuncDecl
	index int
}

// paramOf returns the function of the package whose parameter v is, if v
// is a parameter of a declared function that the body never reassigns.
func (c *checker) paramOf(v *types.Var) paramRef {
	if v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return paramRef{}
	}
	for _, f := range c.pass.Files {
		if v.Pos() < f.Pos() || v.Pos() >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Type.Params == nil || v.Pos() < fd.Type.Params.Pos() || v.Pos() >= fd.Type.Params.End() {
				continue
			}
			obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil || c.assigned().Assigned(v) {
				return paramRef{}
			}
			sig := obj.Type().(*types.Signature)
			for i := range sig.Params().Len() {
				if sig.Params().At(i) == v && !(sig.Variadic() && i == sig.Params().Len()-1) {
					return paramRef{fn: obj, decl: fd, index: i}
				}
			}
		}
	}
	return paramRef{}
}

// argsOf returns the arguments that the package's calls of the function
// pass for the parameter.
func (c *checker) argsOf(p paramRef) []ast.Expr {
	var args []ast.Expr
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || call.Ellipsis.IsValid() || p.index >= len(call.Args) {
				return true
			}
			if callee, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok && callee.Origin() == p.fn {
				args = append(args, call.Args[p.index])
			}
			return true
		})
	}
	return args
}

// where names a position by its file and line.
func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
