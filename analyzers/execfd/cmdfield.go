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
// Killing it (s.cmd.Process.Kill() in Stop) does not reap it.

// checkCommandFields reports, at the start, a command field that the
// package fills with commands it makes and that nothing waits for.
func (c *checker) checkCommandFields() {
	if c.reaps() || !c.declaresCommandField() {
		return
	}
	info := c.pass.TypesInfo
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
			inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			s := info.Selections[inner]
			if s == nil || s.Kind() != types.FieldVal {
				return true
			}
			v, _ := s.Obj().(*types.Var)
			if v != nil {
				v = v.Origin() // as ownedFields knows it (internal/fieldflow)
			}
			if v == nil || reported[v] || c.fieldsReported[v] || !c.isCommandField(v) {
				return true
			}
			if o == nil {
				o = c.ownedFields()
			}
			if o.released[v] || !o.made[v] {
				return true
			}
			reported[v] = true
			owner := typeName(s.Recv())
			c.r.Report(analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(),
				Message: fmt.Sprintf("field %s of %s holds the child started by %s, but no function of the package waits for it: once it exits it stays a zombie until the parent exits (unless the process reaps every child itself); wait for it (%s.Wait) in a method of %s, such as its Close or Stop, after it is told to exit (its input closed, or Kill): Wait blocks while the child runs",
					v.Name(), owner, types.ExprString(call.Fun), v.Name(), owner),
			})
			return true
		})
	}
}

// isCommandField reports whether v is an unexported field of the package
// that holds an *exec.Cmd.
func (c *checker) isCommandField(v *types.Var) bool {
	return v.IsField() && !v.Exported() && v.Pkg() == c.pass.Pkg && isCmd(v.Type())
}

func (c *checker) declaresCommandField() bool {
	for _, obj := range c.pass.TypesInfo.Defs {
		if v, ok := obj.(*types.Var); ok && c.isCommandField(v) {
			return true
		}
	}
	return false
}
