package cloexec

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// numberToChild reports whether the function that makes the descriptor
// writes its number into text (fmt.Sprintf("_FUSE_COMMFD=%d", fds[0]),
// strconv.Itoa(fd)) and starts a child process. Then the child is told the
// number and finds the descriptor there by inheritance: close-on-exec would
// close it at exec, so adding the flag is no fix but a break (u-root's
// fusermount test passes a socketpair end that way, next to ExtraFiles,
// which puts it at another number). The finding stays, without an edit:
// the way out is to hand the descriptor over through ExtraFiles and tell
// the child the number it gets there.
func (c *checker) numberToChild(s *site) bool {
	if s.fun == nil {
		return false
	}
	info := c.pass.TypesInfo
	vars := c.descriptorVars(s)
	if len(vars) == 0 || !c.startsChild(s.fun) {
		return false
	}
	found := false
	ast.Inspect(s.fun, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if !formatsNumbers(fn) {
			return true
		}
		for _, arg := range call.Args {
			ast.Inspect(arg, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && vars[info.Uses[id]] {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// descriptorVars returns the variables that hold what the call creates:
// those its results are assigned to (fd, fds of Socketpair) and the array
// or slice it fills (p of Pipe(p[:])), when they hold integers.
func (c *checker) descriptorVars(s *site) map[types.Object]bool {
	info := c.pass.TypesInfo
	vars := make(map[types.Object]bool)
	add := func(e ast.Expr) {
		e = ast.Unparen(e)
		if sl, ok := e.(*ast.SliceExpr); ok {
			e = ast.Unparen(sl.X)
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok && holdsInts(v.Type()) {
			vars[v] = true
		}
	}
	switch p := s.parent.(type) {
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			add(lhs)
		}
	case *ast.ValueSpec:
		for _, name := range p.Names {
			add(name)
		}
	}
	for _, arg := range s.call.Args {
		add(arg)
	}
	return vars
}

// holdsInts reports whether t is an integer, or an array or slice of them.
func holdsInts(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsInteger != 0
	case *types.Array:
		return holdsInts(u.Elem())
	case *types.Slice:
		return holdsInts(u.Elem())
	}
	return false
}

// formatsNumbers reports whether fn turns numbers into text.
func formatsNumbers(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	name := fn.Name()
	switch fn.Pkg().Path() {
	case "fmt":
		switch name {
		case "Sprint", "Sprintf", "Sprintln", "Fprint", "Fprintf", "Fprintln", "Append", "Appendf", "Appendln":
			return true
		}
	case "strconv":
		switch name {
		case "Itoa", "FormatInt", "FormatUint", "AppendInt", "AppendUint":
			return true
		}
	}
	return false
}
