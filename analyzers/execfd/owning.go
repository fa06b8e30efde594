package execfd

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/fieldflow"
	"github.com/tmplint/tmplint/passes/lazyssa"
)

// A struct that keeps a started child in a field takes over the duty to
// wait for it: some function of the package (a Close, Stop or Wait method)
// must wait for the field, or hand it on. Storing the command is a
// hand-off only if that happens somewhere; a field that nothing ever waits
// for is reported at the store. Only unexported fields are judged: an
// exported one may be waited for by another package. An unexported
// package-level variable is a field of the package itself: "appProcess =
// cmd.Process" in a restart, with only a Signal in the stop, leaves a
// zombie per restart.

// A store is an assignment of a command to a struct field, or to a
// package-level variable (field is the variable, owner nil).
type store struct {
	at    ast.Node // the assignment or the composite literal's element
	field *types.Var
	owner types.Type // the struct's type, for the message
}

// fieldStore returns the store when the use id is the value assigned to a
// field of a struct: "s.child = cmd", "&server{child: cmd}", or appended
// to a slice field: "s.children = append(s.children, cmd)"; or to a
// package-level variable of the package: "current = cmd".
func fieldStore(info *types.Info, id ast.Expr, stack []ast.Node) *store {
	i, child := outsideParens(stack, id)
	if i < 0 {
		return nil
	}
	if call, ok := stack[i].(*ast.CallExpr); ok && i > 0 && slices.Contains(sliceElems(info, call), child.(ast.Expr)) {
		// The append's result is the value stored.
		i, child = outsideParens(stack[:i], call)
		if i < 0 {
			return nil
		}
		if as, ok := stack[i].(*ast.AssignStmt); !ok || len(as.Lhs) != 1 || !sameField(info, as.Lhs[0], call.Args[0]) {
			return nil
		}
	}
	switch p := stack[i].(type) {
	case *ast.AssignStmt:
		j := indexOf(p.Rhs, child.(ast.Expr))
		if j < 0 || len(p.Lhs) != len(p.Rhs) {
			return nil
		}
		if v := packageVar(info, p.Lhs[j]); v != nil {
			if !holdsChild(v.Type()) {
				return nil // an interface or a struct: not followed
			}
			return &store{at: p, field: v}
		}
		sel, ok := ast.Unparen(p.Lhs[j]).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return nil
		}
		f, _ := s.Obj().(*types.Var)
		return &store{at: p, field: f, owner: s.Recv()}
	case *ast.KeyValueExpr:
		if p.Value != child || i == 0 {
			return nil
		}
		lit, ok := stack[i-1].(*ast.CompositeLit)
		if !ok {
			return nil
		}
		key, ok := p.Key.(*ast.Ident)
		if !ok {
			return nil
		}
		f, ok := info.Uses[key].(*types.Var)
		if !ok || !f.IsField() {
			return nil
		}
		return &store{at: p, field: f, owner: info.TypeOf(lit)}
	}
	return nil
}

// holdsChild reports whether a variable of type t holds a child the
// package follows: an *exec.Cmd, an *os.Process, or a slice of either.
func holdsChild(t types.Type) bool {
	if sl, ok := t.Underlying().(*types.Slice); ok {
		t = sl.Elem()
	}
	return isCmd(t) || isNamed(t, "os", "Process")
}

// packageVar returns the package-level variable that e names, or nil.
func packageVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// sameField reports whether a and b select the same field of the same
// variable: s.children, s.children; or name the same package-level
// variable.
func sameField(info *types.Info, a, b ast.Expr) bool {
	if va := packageVar(info, a); va != nil {
		return va == packageVar(info, b)
	}
	sa, ok1 := ast.Unparen(a).(*ast.SelectorExpr)
	sb, ok2 := ast.Unparen(b).(*ast.SelectorExpr)
	if !ok1 || !ok2 || info.Uses[sa.Sel] != info.Uses[sb.Sel] {
		return false
	}
	xa, ok1 := ast.Unparen(sa.X).(*ast.Ident)
	xb, ok2 := ast.Unparen(sb.X).(*ast.Ident)
	return ok1 && ok2 && info.Uses[xa] != nil && info.Uses[xa] == info.Uses[xb]
}

// ownedFields records, per field of the package that holds a command, a
// process or a file, whether some function waits for it, closes it or
// hands it on. The fields are followed on the package's SSA form
// (internal/fieldflow): "s.child.Wait()" in a Close method, a helper that
// waits for its parameter, "return s.child", the process of the command
// waited with wait4.
type ownedFields struct {
	released map[*types.Var]bool
	// made: every value the package stores in the field is one it made
	// (exec.Command, os.Open: fieldflow.Field.Owned).
	made map[*types.Var]bool
}

func (c *checker) ownedFields() *ownedFields {
	if c.owned != nil {
		return c.owned
	}
	o := &ownedFields{released: make(map[*types.Var]bool), made: make(map[*types.Var]bool)}
	c.owned = o
	prog := c.pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
	tracked := func(v *types.Var) bool {
		t := v.Type()
		if sl, ok := t.Underlying().(*types.Slice); ok && isCmd(sl.Elem()) {
			t = sl.Elem() // the children a slice field holds
		}
		return v.Pkg() == c.pass.Pkg && (c.isCmdLike(t) || isNamed(t, "os", "Process") || isNamed(t, "os", "File"))
	}
	// A callback given the command may wait for it: function values
	// keep what they are given.
	fields := fieldflow.Analyze(prog.Package(), prog.Functions(), tracked, fieldflow.Policy{Foreign: c.foreignUse, Globals: true})
	for v, f := range fields {
		o.released[v] = f.Released()
		o.made[v] = f.Owned()
	}
	return o
}

// checkStores reports a started command whose only hand-off is a store
// into an unexported field that no function of the package waits for.
func (fn *fun) checkStores(cmd *command) {
	if fn.c.reaps() {
		return // a reaper waits for every child
	}
	if cmd.handed || cmd.waited || cmd.released || len(cmd.stores) == 0 || len(cmd.collections) > 0 {
		return
	}
	o := fn.c.ownedFields()
	for _, st := range cmd.stores {
		if st.field == nil || st.field.Exported() || st.field.Pkg() != fn.c.pass.Pkg || o.released[st.field.Origin()] {
			return
		}
	}
	st := cmd.stores[0]
	if fn.c.fieldsReported == nil {
		fn.c.fieldsReported = make(map[*types.Var]bool)
	}
	fn.c.fieldsReported[st.field.Origin()] = true
	owner := typeName(st.owner)
	holder, where := "field "+st.field.Name()+" of "+owner, "a method of "+owner+", such as its Close or Stop,"
	if !st.field.IsField() {
		holder, where = "package variable "+st.field.Name(), "the function that stops it,"
	}
	wait := st.field.Name() + ".Wait"
	if isNamed(st.field.Type(), "os", "Process") {
		wait = st.field.Name() + ".Wait, or Release to detach it"
	}
	holds, it, one, them := "holds the child", "waits for it", "it", "wait for it"
	if _, ok := st.field.Type().Underlying().(*types.Slice); ok {
		holds, it, one, them = "collects the children", "waits for them", "one", "wait for each"
		wait = "Wait on every element of " + st.field.Name()
	}
	fn.c.r.Report(analysis.Diagnostic{
		Pos: st.at.Pos(), End: st.at.End(),
		Message: fmt.Sprintf("%s %s started by %s.Start, but no function of the package %s: once %s exits it stays a zombie until the parent exits (unless the process reaps every child itself); %s (%s) in %s after it is told to exit (its input closed, or Kill): Wait blocks while the child runs",
			holder, holds, cmd.v.Name(), it, one, them, wait, where),
	})
}

// typeName names the struct type for a message.
func typeName(t types.Type) string {
	if t == nil {
		return "the struct"
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return "the struct"
}
