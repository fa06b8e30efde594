package fieldflow

import (
	"go/ast"
	"go/types"
)

// MayHandToChild reports whether the package whose syntax info describes
// may hand a value to a child process as store does (Child): only code
// that names one of a child's file slots stores into one, by selecting
// it (cmd.ExtraFiles = files, through an embedded exec.Cmd too), by its
// key in a literal (exec.Cmd{Stdout: w}), or by position in a literal
// without keys (os.ProcAttr's; exec.Cmd's, in os/exec itself). When it is false, no field's value
// reaches a child, and a caller that asks only that needs no SSA form.
func MayHandToChild(info *types.Info) bool {
	for _, obj := range info.Uses {
		if v, ok := obj.(*types.Var); ok && v.IsField() && isChildSlot(v) {
			return true
		}
	}
	for e, tv := range info.Types {
		if lit, ok := e.(*ast.CompositeLit); ok && len(lit.Elts) > 0 && !isKeyed(lit) &&
			(isNamed(tv.Type, "os", "ProcAttr") || isNamed(tv.Type, "os/exec", "Cmd")) {
			return true
		}
	}
	return false
}

// isChildSlot reports whether v is one of the fields childField names: a
// file slot of exec.Cmd or os.ProcAttr.
func isChildSlot(v *types.Var) bool {
	if v.Pkg() == nil {
		return false
	}
	var owner string
	switch v.Pkg().Path() {
	case "os/exec":
		owner = "Cmd"
	case "os":
		owner = "ProcAttr"
	default:
		return false
	}
	tn, ok := v.Pkg().Scope().Lookup(owner).(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == v {
			return childField(tn.Type(), i)
		}
	}
	return false
}

func isKeyed(lit *ast.CompositeLit) bool {
	_, ok := lit.Elts[0].(*ast.KeyValueExpr)
	return ok
}
