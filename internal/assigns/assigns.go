// Package assigns indexes the assignments to the variables of a package
// whose every assignment is visible in it: local variables and unexported
// package-level variables whose address is never taken. The passes use it
// to follow a value through variables flow-insensitively: a variable has a
// property when every assignment to it has it.
//
// It also indexes, for the passes that want them, the assignments to the
// exported package-level variables of the package (other packages may
// assign them too), to the fields of its struct types, and the
// defaults of the command-line flags bound to a variable or field
// (flag.StringVar(&v, name, default, usage), and the same methods of
// *flag.FlagSet and of github.com/spf13/pflag): taking the address for a
// flag is not an escape, the flag package stores the default or the
// user's value.
package assigns

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A Kind says how a variable is assigned.
type Kind int

const (
	Value    Kind = iota // v = Expr
	Tuple                // v, _ = Call(): result number Index
	Zero                 // var v T: the zero value of the variable's type
	OpAssign             // v op= Expr
	IncDec               // v++, v--
	RangeKey             // for v := range Expr
	Other                // anything else: a range value, a comma-ok second result
	// FlagDefault is the default of a flag bound to the variable: Expr
	// is the default, Call the flag.StringVar call.
	FlagDefault
)

// A Source is one assignment to a variable.
type Source struct {
	Kind  Kind
	Expr  ast.Expr      // Value, OpAssign: the right-hand side; RangeKey: the range operand
	Call  *ast.CallExpr // Tuple: the call
	Index int           // Tuple: which result
	// Stmt is the statement of the assignment: for Value and Tuple, the
	// *ast.AssignStmt or *ast.ValueSpec; nil otherwise.
	Stmt ast.Node
	// Block is, for an *ast.AssignStmt, the block, case or comm clause
	// whose statement list holds it; nil elsewhere. A use after Stmt and
	// inside Block runs after the assignment.
	Block ast.Node
}

// An Index holds the assignments of one package.
type Index struct {
	info     *types.Info
	pkg      *types.Package
	sources  map[*types.Var][]Source // variables and fields
	declared map[*types.Var]bool     // declared by a statement that the index holds
	escaped  map[*types.Var]bool     // address taken: assignments may be invisible
	flagged  map[*types.Var]bool     // bound to a flag: its zero value is never seen
	flagAddr map[*ast.UnaryExpr]bool // &v of a flag binding, not an escape
}

// New indexes the assignments in files, the package's syntax. It walks the
// files once and keeps no table of their nodes.
func New(info *types.Info, pkg *types.Package, files []*ast.File) *Index {
	x := &Index{
		info:     info,
		pkg:      pkg,
		sources:  make(map[*types.Var][]Source),
		declared: make(map[*types.Var]bool),
		escaped:  make(map[*types.Var]bool),
		flagged:  make(map[*types.Var]bool),
		flagAddr: make(map[*ast.UnaryExpr]bool),
	}
	if info == nil || pkg == nil {
		return x
	}
	for _, f := range files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(stack) > 0 {
				x.assign(as, stack[len(stack)-1])
				return true
			}
			return x.visit(n)
		})
	}
	return x
}

// visit indexes node n; the walk is in preorder, so a flag binding's &v is
// seen (as part of its call) before the &v itself.
func (x *Index) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncDecl:
		x.results(n.Type, n.Body)
	case *ast.FuncLit:
		x.results(n.Type, n.Body)
	case *ast.CompositeLit:
		x.composite(n)
	case *ast.CallExpr:
		x.flagBinding(n)
	case *ast.ValueSpec:
		for i, id := range n.Names {
			v := x.target(id)
			if v == nil {
				continue
			}
			x.declared[v] = true
			switch {
			case len(n.Values) == len(n.Names):
				x.add(v, Source{Kind: Value, Expr: n.Values[i]})
			case len(n.Values) == 1:
				if call, ok := ast.Unparen(n.Values[0]).(*ast.CallExpr); ok {
					x.add(v, Source{Kind: Tuple, Call: call, Index: i})
				} else {
					x.add(v, Source{Kind: Other})
				}
			case len(n.Values) == 0:
				x.add(v, Source{Kind: Zero})
			default:
				x.add(v, Source{Kind: Other})
			}
		}
	case *ast.IncDecStmt:
		if v := x.target(n.X); v != nil {
			x.add(v, Source{Kind: IncDec})
		}
	case *ast.RangeStmt:
		if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
			if v := x.target(n.Key); v != nil {
				x.declared[v] = x.declared[v] || n.Tok == token.DEFINE
				x.add(v, Source{Kind: RangeKey, Expr: n.X})
			}
			if v := x.target(n.Value); v != nil {
				x.declared[v] = x.declared[v] || n.Tok == token.DEFINE
				x.add(v, Source{Kind: Other})
			}
		}
	case *ast.UnaryExpr:
		if n.Op == token.AND && !x.flagAddr[n] {
			if v := x.target(n.X); v != nil {
				x.escaped[v] = true
			}
		}
	}
	return true
}

// results indexes the named results of a function whose every return is
// bare: they start as their zero value, and only the assignments of the
// body change them. A "return a, b" assigns them invisibly, so the results
// of a function with one are not indexed.
func (x *Index) results(ft *ast.FuncType, body *ast.BlockStmt) {
	if ft.Results == nil || body == nil {
		return
	}
	valued := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				valued = true
			}
		}
		return !valued
	})
	if valued {
		return
	}
	for _, f := range ft.Results.List {
		for _, id := range f.Names {
			if v, ok := x.info.Defs[id].(*types.Var); ok && id.Name != "_" {
				x.declared[v] = true
				x.add(v, Source{Kind: Zero})
			}
		}
	}
}

func (x *Index) assign(n *ast.AssignStmt, parent ast.Node) {
	var block ast.Node
	switch parent.(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		block = parent
	}
	switch n.Tok {
	case token.DEFINE, token.ASSIGN:
		for i, lhs := range n.Lhs {
			v := x.target(lhs)
			if v == nil {
				continue
			}
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && n.Tok == token.DEFINE && x.info.Defs[id] != nil {
				x.declared[v] = true
			}
			switch {
			case len(n.Rhs) == len(n.Lhs):
				x.add(v, Source{Kind: Value, Expr: n.Rhs[i], Stmt: n, Block: block})
			case len(n.Rhs) == 1:
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					x.add(v, Source{Kind: Tuple, Call: call, Index: i, Stmt: n, Block: block})
				} else if i == 0 {
					x.add(v, Source{Kind: Value, Expr: n.Rhs[0]}) // v, ok := m[k] / x.(T) / <-ch
				} else {
					x.add(v, Source{Kind: Other})
				}
			default:
				x.add(v, Source{Kind: Other})
			}
		}
	default: // op=
		if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
			if v := x.target(n.Lhs[0]); v != nil {
				x.add(v, Source{Kind: OpAssign, Expr: n.Rhs[0]})
			}
		}
	}
}

func (x *Index) add(v *types.Var, s Source) { x.sources[v] = append(x.sources[v], s) }

// Tracked returns the variable that e names if it is of a kind whose
// assignments the index holds: a local variable or an unexported
// package-level variable of this package. It returns nil otherwise.
func (x *Index) Tracked(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, ok := x.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() != x.pkg {
		return nil
	}
	if v.Parent() == x.pkg.Scope() && v.Exported() {
		return nil
	}
	return v
}

// Sources returns every assignment to v, including its declaration. It
// reports false when the index cannot see them all: v is a parameter, a
// result of a function with a return that has values, a type-switch
// variable, has its address taken, or is not tracked. A named result of a
// function whose returns are all bare starts as its zero value (Zero).
// The zero value of a variable bound to a flag is left out: the flag
// package stores the default when the flag is defined.
func (x *Index) Sources(v *types.Var) ([]Source, bool) {
	if v == nil || !x.declared[v] || x.escaped[v] {
		return nil, false
	}
	srcs := x.sources[v]
	if x.flagged[v] {
		var out []Source
		for _, s := range srcs {
			if s.Kind != Zero {
				out = append(out, s)
			}
		}
		srcs = out
	}
	return srcs, true
}

// Follow is Tracked, and also returns the exported package-level
// variables of the package: their assignments in this package are all
// visible, those of other packages are not. A pass that follows them
// judges a variable by its own package's view: the initializer is the
// value unless some code changes it.
func (x *Index) Follow(e ast.Expr) *types.Var {
	v := x.target(e)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// Assigned reports whether v, typically a parameter, is assigned or has
// its address taken anywhere in the package after its declaration.
func (x *Index) Assigned(v *types.Var) bool {
	return len(x.sources[v]) > 0 || x.escaped[v]
}

// FieldSources returns every write to the unexported field f of a struct
// type of the package: the elements of composite literals that set it,
// assignments, and flag bindings. Instances that never set it hold the
// zero value, which is not a source. It reports false when a write may be
// invisible: f is exported, of another package, or has its address taken.
func (x *Index) FieldSources(f *types.Var) ([]Source, bool) {
	if f == nil || !f.IsField() || f.Exported() || f.Pkg() != x.pkg || x.escaped[f] {
		return nil, false
	}
	return x.sources[f], true
}

// PackageFieldWrites returns the writes to the field f of a struct type
// of the package that the package itself makes, exported fields included:
// the elements of composite literals that set it, assignments, and flag
// bindings. Unlike FieldSources it claims no completeness: another
// package may write an exported field, and a field whose address is taken
// may be written through the pointer. It suits a question answered by
// the values the package gives a field (which programs a field may name),
// not one that needs all of them.
func (x *Index) PackageFieldWrites(f *types.Var) []Source {
	if f == nil || !f.IsField() || f.Pkg() != x.pkg {
		return nil
	}
	return x.sources[f]
}

// target returns the variable or field that an assignment to e writes,
// if the index follows it.
func (x *Index) target(e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if e.Name == "_" {
			return nil
		}
		v, ok := x.info.ObjectOf(e).(*types.Var)
		if !ok || v.IsField() || v.Pkg() != x.pkg {
			return nil
		}
		return v
	case *ast.SelectorExpr:
		sel, ok := x.info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal {
			return nil
		}
		f, ok := sel.Obj().(*types.Var)
		if !ok || f.Pkg() != x.pkg {
			return nil
		}
		return f
	}
	return nil
}

// composite records the fields a struct literal of the package sets.
func (x *Index) composite(lit *ast.CompositeLit) {
	t := x.info.TypeOf(lit)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		var f *types.Var
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			f, _ = x.info.Uses[id].(*types.Var)
			val = kv.Value
		} else if i < st.NumFields() {
			f = st.Field(i)
		}
		if f != nil && f.IsField() && f.Pkg() == x.pkg {
			x.add(f, Source{Kind: Value, Expr: val})
		}
	}
}

// flagBinding records flag.StringVar(&v, name, default, usage) and its
// kin: v's value is the default or the user's.
func (x *Index) flagBinding(call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) < 4 || call.Ellipsis.IsValid() {
		return
	}
	name := sel.Sel.Name
	def := 2
	switch {
	case len(name) > 4 && name[len(name)-4:] == "VarP":
		def = 3
	case len(name) > 3 && name[len(name)-3:] == "Var":
	default:
		return
	}
	fn, ok := x.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || !IsFlagPackage(fn.Pkg().Path()) || len(call.Args) != def+2 {
		return
	}
	addr, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
	if !ok || addr.Op != token.AND {
		return
	}
	v := x.target(addr.X)
	if v == nil {
		return
	}
	x.flagAddr[addr] = true
	x.flagged[v] = true
	x.add(v, Source{Kind: FlagDefault, Expr: call.Args[def], Call: call})
}

// IsFlagPackage reports whether path is a command-line flag package whose
// String, StringP, StringVar and StringVarP functions and *FlagSet methods
// take the default value after the name (and shorthand).
func IsFlagPackage(path string) bool {
	return path == "flag" || path == "github.com/spf13/pflag"
}
