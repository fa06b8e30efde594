package execfd

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// A command the package makes straight into an unexported struct field
// ("s.cmd = exec.Command(...)"; "s.cmd.Start()") is the struct's to wait
// for, as one stored there from a local variable is (checkStores): when no
// function of the package waits for the field, hands it on, or passes it
// to code that may wait, every child started through it stays a zombie.
// Killing it (s.cmd.Process.Kill() in Stop) does not reap it. An
// unexported package-level variable is such a field of the package itself
// ("appCmd = exec.Command(...)"; "appCmd.Start()" in the restart of a
// reloader, "appCmd.Process.Kill()" in its stop): every round leaves a
// zombie when nothing waits for it.

// checkCommandFields reports, at the start, a command field that the
// package fills with commands it makes and that nothing waits for.
func (c *checker) checkCommandFields() {
	if c.reaps() || !c.declaresCommandField() {
		return
	}
	var o *ownedFields
	reported := make(map[*types.Var]bool)
	for _, file := range c.pass.Files {
		if c.r.Generated(file) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Start" {
				return true
			}
			v, owner := c.commandHolder(sel.X)
			if v == nil || reported[v] || c.fieldsReported[v] {
				return true
			}
			if o == nil {
				o = c.ownedFields()
			}
			if o.released[v] || !o.made[v] {
				return true
			}
			reported[v] = true
			holder, where := fmt.Sprintf("field %s of %s", v.Name(), owner), "a method of "+owner+", such as its Close or Stop,"
			if owner == "" {
				holder, where = "package variable "+v.Name(), "the function that stops it,"
			}
			c.r.Report(analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(),
				Message: fmt.Sprintf("%s holds the child started by %s, but no function of the package waits for it: once it exits it stays a zombie until the parent exits (unless the process reaps every child itself); wait for it (%s.Wait) in %s after it is told to exit (its input closed, or Kill): Wait blocks while the child runs",
					holder, types.ExprString(call.Fun), v.Name(), where),
			})
			return true
		})
	}
}

// commandHolder returns the variable that x, the receiver of a Start,
// reads the command from when the package holds commands there: an
// unexported field of the package ("s.cmd", with the struct's name as
// owner), or an unexported package-level variable ("appCmd", with owner
// ""), which no other package can reach to wait for either.
func (c *checker) commandHolder(x ast.Expr) (*types.Var, string) {
	info := c.pass.TypesInfo
	switch x := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		s := info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			return nil, ""
		}
		v, _ := s.Obj().(*types.Var)
		if v != nil {
			v = v.Origin() // as ownedFields knows it (internal/fieldflow)
		}
		if v != nil && c.isCommandField(v) {
			return v, typeName(s.Recv())
		}
	case *ast.Ident:
		if v, _ := info.Uses[x].(*types.Var); v != nil && c.isCommandGlobal(v) {
			return v, ""
		}
	}
	return nil, ""
}

// isCommandGlobal reports whether v is an unexported package-level
// variable of the package that holds an *exec.Cmd.
func (c *checker) isCommandGlobal(v *types.Var) bool {
	return !v.IsField() && !v.Exported() && v.Pkg() == c.pass.Pkg && v.Parent() == c.pass.Pkg.Scope() && isCmd(v.Type())
}

// isCommandField reports whether v is an unexported field of the package
// that holds an *exec.Cmd.
func (c *checker) isCommandField(v *types.Var) bool {
	return v.IsField() && !v.Exported() && v.Pkg() == c.pass.Pkg && isCmd(v.Type())
}

func (c *checker) declaresCommandField() bool {
	for _, obj := range c.pass.TypesInfo.Defs {
		if v, ok := obj.(*types.Var); ok && (c.isCommandField(v) || c.isCommandGlobal(v)) {
			return true
		}
	}
	return false
}
