package execfd

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A value may hand its own files to a command through a method, and close
// the parent's copies through another once the child holds them:
//
//	func (p *pipeIO) Set(cmd *exec.Cmd)      { cmd.Stdout = p.out.w; ... }
//	func (p *pipeIO) CloseAfterStart() error { p.out.w.Close(); ... }
//
//	opts.IO.Set(cmd)
//	if err := cmd.Start(); err != nil { return err }
//	// missing: opts.IO.(StartCloser).CloseAfterStart()
//
// The closer is what the type's author provides for the parent's copies:
// without it, the parent holds the write ends of the pipes it reads, whose
// readers never see EOF. The closer must close only files the setter
// hands to the child (a Close that also closes the parent's ends is not
// one), so calling it after the start is always safe. The setter may be
// called through an interface: the package's implementations decide
// (implementations.go).

// A setter is a method that hands files held in its receiver's fields to
// the command it is given, and the method of the same type that closes
// those copies.
type setter struct {
	set    *types.Func
	recv   types.Type // the receiver type, as declared on set
	closer *types.Func
	// writes: the closer closes a file the setter gives the child as its
	// Stdout or Stderr, whose reader waits for EOF.
	writes bool
	// fields are the command's fields the setter sets (Stdout, ...).
	fields map[string]bool
}

// setters returns the setters that a call of m may run: m itself, or the
// package's implementations of the interface method m, that have a closer.
func (c *checker) setters(m *types.Func) []*setter {
	if ss, ok := c.setterMemo[m]; ok {
		return ss
	}
	impls := []*types.Func{m}
	if isAbstract(m) {
		impls = c.implementations(m)
	}
	var ss []*setter
	for _, impl := range impls {
		if s := c.setterOf(impl); s != nil {
			ss = append(ss, s)
		}
	}
	if c.setterMemo == nil {
		c.setterMemo = make(map[*types.Func][]*setter)
	}
	c.setterMemo[m] = ss
	return ss
}

// setterOf returns the setter that the method m of the package is, nil if
// it hands no field of its receiver to a command, or if no method of the
// receiver's type closes only such fields. A method of a generic type is
// judged on its origin's body (origin.go), and so is its closer.
func (c *checker) setterOf(m *types.Func) *setter {
	m = m.Origin()
	d := c.funcDecl(m)
	sig := m.Type().(*types.Signature)
	if d == nil || d.Body == nil || sig.Recv() == nil || d.Recv == nil || len(d.Recv.List) != 1 || len(d.Recv.List[0].Names) != 1 {
		return nil
	}
	info := c.pass.TypesInfo
	recv, _ := info.Defs[d.Recv.List[0].Names[0]].(*types.Var)
	var cmd *types.Var
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); isCmd(p.Type()) {
			cmd = p
		}
	}
	if recv == nil || cmd == nil {
		return nil
	}
	handed := make(map[string]string) // field path → the command's field
	ast.Inspect(d.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok || !isVar(info, sel.X, cmd) {
				continue
			}
			switch field := sel.Sel.Name; field {
			case "Stdin", "Stdout", "Stderr":
				if k := fieldPath(info, as.Rhs[i], recv); k != "" && pkgTypesFile(info, as.Rhs[i]) {
					handed[k] = field
				}
			case "ExtraFiles":
				for _, e := range sliceElems(info, as.Rhs[i]) {
					if k := fieldPath(info, e, recv); k != "" {
						handed[k] = field
					}
				}
			}
		}
		return true
	})
	if len(handed) == 0 {
		return nil
	}
	mset := types.NewMethodSet(types.NewPointer(derefNamed(recv.Type())))
	for i := range mset.Len() {
		closer, ok := mset.At(i).Obj().(*types.Func)
		if !ok || closer.Origin() == m || closer.Pkg() != c.pass.Pkg {
			continue
		}
		closer = closer.Origin()
		csig := closer.Type().(*types.Signature)
		if csig.Params().Len() != 0 || csig.Results().Len() > 1 || csig.Results().Len() == 1 && !isErrorType(csig.Results().At(0).Type()) {
			continue
		}
		closed := c.closedFields(closer)
		if len(closed) == 0 {
			continue
		}
		writes, only := false, true
		for _, k := range closed {
			switch handed[k] {
			case "":
				only = false // closes a file the parent keeps
			case "Stdout", "Stderr":
				writes = true
			}
		}
		if only {
			fields := make(map[string]bool)
			for _, f := range handed {
				fields[f] = true
			}
			return &setter{set: m, recv: recv.Type(), closer: closer, writes: writes, fields: fields}
		}
	}
	return nil
}

// closedFields returns the paths of the receiver's fields that the method
// closes: X.Close() on a field, or on the element of a loop over a slice
// literal of fields. nil if it closes anything else.
func (c *checker) closedFields(m *types.Func) []string {
	d := c.funcDecl(m)
	if d == nil || d.Body == nil || d.Recv == nil || len(d.Recv.List) != 1 || len(d.Recv.List[0].Names) != 1 {
		return nil
	}
	info := c.pass.TypesInfo
	recv, _ := info.Defs[d.Recv.List[0].Names[0]].(*types.Var)
	if recv == nil {
		return nil
	}
	ranged := make(map[*types.Var][]string) // for _, f := range []*os.File{p.a, p.b}
	var closed []string
	other := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			lit, ok := ast.Unparen(n.X).(*ast.CompositeLit)
			id, isID := n.Value.(*ast.Ident)
			if !ok || !isID {
				return true
			}
			v, _ := info.Defs[id].(*types.Var)
			for _, e := range lit.Elts {
				if k := fieldPath(info, e, recv); k != "" && v != nil {
					ranged[v] = append(ranged[v], k)
				}
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Close" || len(n.Args) != 0 {
				return true
			}
			if k := fieldPath(info, sel.X, recv); k != "" {
				closed = append(closed, k)
			} else if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && ranged[usedVar(info, id)] != nil {
				closed = append(closed, ranged[usedVar(info, id)]...)
			} else {
				other = true
			}
		}
		return true
	})
	if other {
		return nil
	}
	return closed
}

func usedVar(info *types.Info, id *ast.Ident) *types.Var {
	v, _ := info.Uses[id].(*types.Var)
	return v
}

// fieldPath returns the path of fields by which e reaches into the
// receiver ("out.w" for p.out.w), "" if e is no field of it.
func fieldPath(info *types.Info, e ast.Expr, recv *types.Var) string {
	var names []string
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
				return ""
			}
			names = append(names, x.Sel.Name)
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			if len(names) == 0 || info.Uses[x] != recv {
				return ""
			}
			slices.Reverse(names)
			return strings.Join(names, ".")
		default:
			return ""
		}
	}
}

// derefNamed returns the type a pointer points to, or t.
func derefNamed(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// A setCall is a call of a setter on a command of the function.
type setCall struct {
	call     *ast.CallExpr
	x        ast.Expr // the value the method is called on, as written
	cmd      *command
	ss       []*setter
	abstract bool // called through an interface
}

// checkSetters reports a setter call on a command that is then started,
// after which, on some path, the parent returns without calling the
// closer on the same value.
func (fn *fun) checkSetters() {
	info := fn.info()
	var calls []setCall
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if inLit {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		m, isFn := typeutil.Callee(info, call).(*types.Func)
		if !ok || !isFn || m.Pkg() != fn.c.pass.Pkg || m.Type().(*types.Signature).Recv() == nil {
			return true
		}
		for _, a := range call.Args {
			cmd := fn.cmds[usedLocal(info, a)]
			if cmd == nil {
				continue
			}
			if ss := fn.c.setters(m); len(ss) > 0 {
				calls = append(calls, setCall{call: call, x: sel.X, cmd: cmd, ss: ss, abstract: isAbstract(m)})
			}
		}
		return true
	})
	for _, sc := range calls {
		root := pkgtypes.RootVar(info, sc.x)
		if root == nil {
			continue
		}
		x := types.ExprString(sc.x)
		if s := info.Selections[sc.call.Fun.(*ast.SelectorExpr)]; s != nil && len(s.Index()) > 1 {
			// A method promoted from an embedded field: name the field.
			x += "." + embeddedName(s)
		}
		for _, start := range sc.cmd.starts {
			if start.Pos() < sc.call.End() || sc.cmd.gen(start.Pos()) != sc.cmd.gen(sc.call.Pos()) || !fn.reaches(sc.call, start) {
				continue
			}
			if fn.underUnsetField(start, sc) {
				continue // "if cmd.Stdout == nil": not where the setter set it
			}
			if fn.reportSetter(sc, x, root, start) {
				break
			}
		}
	}
}

// reportSetter reports the start of the command after the setter call,
// if some path from it returns without calling the closer on x (written
// as such, root its variable), and says whether it did.
func (fn *fun) reportSetter(sc setCall, x string, root *types.Var, start *ast.CallExpr) bool {
	info := fn.info()
	closer := sc.ss[0].closer
	path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
	q := &pathflow.Query{
		Holds: fn.setterGuard(sc.call, root),
		// The method was called through x (and the value it is
		// embedded in): neither is nil after it.
		NotNil: func(e ast.Expr) bool {
			s := types.ExprString(e)
			return !fn.assignedIn(root) && (s == x || s == types.ExprString(sc.x))
		},
		Info: info, CFG: fn.cfg, Creation: start, Err: fn.errOf(start, path), Obj: root,
		ErrPredicate: fn.c.pred.Arg, Table: fn.c.table,
		Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
			switch n := n.(type) {
			case *ast.CallExpr:
				// The closer, called on the value.
				sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				m, isFn := typeutil.Callee(info, n).(*types.Func)
				if ok && isFn && m.Origin() == closer && pkgtypes.RootVar(info, sel.X) == root {
					return pathflow.Action{Effect: pathflow.Released}
				}
			case *ast.TypeAssertExpr:
				// The value asserted to a type that has the closer
				// ("if c, ok := opts.IO.(StartCloser); ok"): where it
				// has none there is nothing to close, and where it
				// has, the code asks for it to call it.
				if pkgtypes.RootVar(info, n.X) == root && n.Type != nil {
					if obj, _, _ := types.LookupFieldOrMethod(info.TypeOf(n.Type), true, fn.c.pass.Pkg, closer.Name()); obj != nil {
						return pathflow.Action{Effect: pathflow.Released}
					}
				}
			case *ast.Ident:
				// The value handed to other code, which may close.
				if usedVar(info, n) == root && fn.handsOn(n, stack) {
					return pathflow.Action{Effect: pathflow.Released}
				}
			}
			return pathflow.Action{}
		},
	}
	var leak *ast.ReturnStmt
	for _, l := range pathflow.Leaks(q) {
		if ret, ok := l.Node.(*ast.ReturnStmt); ok && l.Kind == pathflow.Return {
			leak = ret
			break
		}
	}
	if leak == nil {
		return false
	}
	setName := types.ExprString(sc.call.Fun)
	var typeNames []string
	for _, s := range sc.ss {
		typeNames = append(typeNames, types.TypeString(s.recv, types.RelativeTo(fn.c.pass.Pkg)))
	}
	harm := "the parent keeps its copies of the descriptors open"
	if slices.ContainsFunc(sc.ss, func(s *setter) bool { return s.writes }) {
		harm = "the reader of each pipe never sees EOF while the parent holds its write end"
	}
	what := sc.cmd.startNames[start]
	if what == "" || what == "Start" || what == "Run" {
		if sel, ok := ast.Unparen(start.Fun).(*ast.SelectorExpr); ok && usedLocal(info, sel.X) != sc.cmd.v {
			what = types.ExprString(start.Fun)
		}
	}
	how := fmt.Sprintf("call %s.%s()", x, closer.Name())
	if sc.abstract {
		how = fmt.Sprintf("call %s on %s (through a type assertion to an interface that has it)", closer.Name(), x)
	}
	fn.c.r.Report(analysis.Diagnostic{
		Pos: start.Pos(), End: start.End(),
		Message: fmt.Sprintf("%s hands files of %s (a %s) to the child, but the parent does not close its copies after %s on some path: %s; %s right after %s",
			setName, x, strings.Join(typeNames, " or "), what, harm, how, what),
		Related: related(leak, "returns here without closing them"),
	})
	return true
}

// underUnsetField reports whether the start runs only where a field of the
// command that every setter of the call sets is nil: the branch of "if
// cmd.Stdout == nil && cmd.Stderr == nil { cmd.CombinedOutput() }" that a
// command given files by the setter does not take.
func (fn *fun) underUnsetField(start *ast.CallExpr, sc setCall) bool {
	info := fn.info()
	path, _ := astutil.PathEnclosingInterval(fn.file, start.Pos(), start.End())
	for i, n := range path {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || i == 0 || path[i-1] != ifs.Body {
			continue
		}
		for _, c := range conjuncts(ifs.Cond) {
			bin, ok := c.(*ast.BinaryExpr)
			if !ok || bin.Op != token.EQL || !pkgtypes.IsNil(info, bin.Y) {
				continue
			}
			sel, ok := ast.Unparen(bin.X).(*ast.SelectorExpr)
			if !ok || !isVar(info, sel.X, sc.cmd.v) {
				continue
			}
			if !slices.ContainsFunc(sc.ss, func(s *setter) bool { return !s.fields[sel.Sel.Name] }) {
				return true
			}
		}
	}
	return false
}

// conjuncts splits a condition at its && operators.
func conjuncts(e ast.Expr) []ast.Expr {
	if bin, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && bin.Op == token.LAND {
		return append(conjuncts(bin.X), conjuncts(bin.Y)...)
	}
	return []ast.Expr{ast.Unparen(e)}
}

// setterGuard returns the condition of the if statement whose body holds
// the setter call, when the value it is called on is not assigned in the
// function (so the condition, read again later, is the same); nil
// otherwise.
func (fn *fun) setterGuard(call *ast.CallExpr, root *types.Var) ast.Expr {
	if fn.assignedIn(root) {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(fn.file, call.Pos(), call.End())
	for i, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			return nil
		}
		if ifs, ok := n.(*ast.IfStmt); ok && i > 0 && path[i-1] == ifs.Body {
			return ifs.Cond
		}
	}
	return nil
}

// usedLocal returns the variable e names, if it is an identifier.
func usedLocal(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	return usedVar(info, id)
}

// embeddedName names the embedded field through which the selection s
// reaches a promoted method: the last field of its path.
func embeddedName(s *types.Selection) string {
	t := s.Recv()
	idx := s.Index()
	var name string
	for _, i := range idx[:len(idx)-1] {
		st, ok := derefNamed(t).Underlying().(*types.Struct)
		if !ok {
			return ""
		}
		f := st.Field(i)
		name, t = f.Name(), f.Type()
	}
	return name
}
