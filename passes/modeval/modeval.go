package modeval

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/assigns"
)

//go:embed doc.go
var doc string

// Analyzer computes a *Result for the package.
var Analyzer = &analysis.Analyzer{
	Name:             "modeval",
	Doc:              analysisdoc.Extract(doc, "modeval"),
	URL:              "https://pkg.go.dev/github.com/tmplint/tmplint/passes/modeval",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
}

// Result evaluates the mode expressions of one package. It is safe for
// concurrent use.
type Result struct {
	info  *types.Info
	pkg   *types.Package
	files []*ast.File

	// Built on first use: most packages never need them.
	varsOnce   sync.Once
	vars       *assigns.Index
	constsOnce sync.Once
	consts     map[*types.Const]ast.Expr // the value expression of each constant declared in the package
}

func run(pass *analysis.Pass) (any, error) {
	return &Result{info: pass.TypesInfo, pkg: pass.Pkg, files: pass.Files}, nil
}

func (r *Result) index() *assigns.Index {
	r.varsOnce.Do(func() { r.vars = assigns.New(r.info, r.pkg, r.files) })
	return r.vars
}

// constDecls returns the value expression of each constant declared in the
// package, indexing them on first use.
func (r *Result) constDecls() map[*types.Const]ast.Expr {
	r.constsOnce.Do(r.indexConsts)
	return r.consts
}

func (r *Result) indexConsts() {
	r.consts = make(map[*types.Const]ast.Expr)
	if r.info == nil {
		return
	}
	for _, f := range r.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if decl, ok := n.(*ast.GenDecl); ok && decl.Tok == token.CONST {
				r.indexConstDecl(decl)
			}
			return true
		})
	}
}

// indexConstDecl records the value expressions of one const declaration.
func (r *Result) indexConstDecl(decl *ast.GenDecl) {
	// Constants with no value repeat the previous spec's expressions
	// (iota); their literal is the previous one, which is not a mode.
	for _, spec := range decl.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, id := range vs.Names {
			if c, ok := r.info.Defs[id].(*types.Const); ok {
				r.consts[c] = vs.Values[i]
			}
		}
	}
}

// Value returns the constant value of the mode expression e, and whether
// it is a constant that fits in 64 bits. Negative constants (an int
// argument of a syscall) are reported as not constant.
func (r *Result) Value(e ast.Expr) (uint64, bool) {
	if r == nil || r.info == nil || e == nil {
		return 0, false
	}
	tv, ok := r.info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v := constant.ToInt(tv.Value)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Uint64Val(v)
}

// Within reports whether every value the mode expression e can take has
// no permission bit (0o777) outside policy. For a constant it compares the
// value; otherwise it follows local variables whose every assignment is
// within the policy, masks (m & c with c within policy), cleared bits
// (m &^ c where c clears every bit outside policy), conversions and
// parentheses. Anything else, such as a parameter or a mode read from a
// file, is not known to be within the policy.
func (r *Result) Within(e ast.Expr, policy uint64) bool {
	if r == nil || e == nil {
		return false
	}
	return r.within(e, policy, make(map[*types.Var]bool))
}

func (r *Result) within(e ast.Expr, policy uint64, busy map[*types.Var]bool) bool {
	e = ast.Unparen(e)
	if v, ok := r.Value(e); ok {
		return v&0o777&^policy == 0
	}
	outside := 0o777 &^ policy
	switch e := e.(type) {
	case *ast.Ident:
		vars := r.index()
		v := vars.Tracked(e)
		srcs, ok := vars.Sources(v)
		if !ok || len(srcs) == 0 {
			return false
		}
		if busy[v] {
			return true // a cycle adds nothing new
		}
		busy[v] = true
		defer delete(busy, v)
		for _, s := range srcs {
			switch s.Kind {
			case assigns.Value:
				if !r.within(s.Expr, policy, busy) {
					return false
				}
			case assigns.Zero:
				// the zero mode is within every policy
			default:
				return false
			}
		}
		return true
	case *ast.BinaryExpr:
		switch e.Op {
		case token.AND:
			return r.within(e.X, policy, busy) || r.within(e.Y, policy, busy)
		case token.AND_NOT:
			if c, ok := r.Value(e.Y); ok && outside&^c == 0 {
				return true
			}
			return r.within(e.X, policy, busy)
		case token.OR:
			return r.within(e.X, policy, busy) && r.within(e.Y, policy, busy)
		}
	case *ast.CallExpr:
		if tv, ok := r.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return r.within(e.Args[0], policy, busy)
		}
	}
	return false
}

// DecimalLiterals returns the integer literals written in decimal that
// the mode expression e is made of: e itself, the operands of |, &, &^, +,
// conversions, and the declarations of the package's constants it names.
func (r *Result) DecimalLiterals(e ast.Expr) []*ast.BasicLit {
	if r == nil || e == nil {
		return nil
	}
	var out []*ast.BasicLit
	seen := make(map[*types.Const]bool)
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.BasicLit:
			if isDecimal(e) {
				out = append(out, e)
			}
		case *ast.BinaryExpr:
			switch e.Op {
			case token.OR, token.AND, token.AND_NOT, token.ADD, token.XOR:
				walk(e.X)
				walk(e.Y)
			}
		case *ast.CallExpr:
			if tv, ok := r.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
				walk(e.Args[0])
			}
		case *ast.Ident:
			if c, ok := r.info.Uses[e].(*types.Const); ok && !seen[c] {
				seen[c] = true
				if def, ok := r.constDecls()[c]; ok {
					walk(def)
				}
			}
		}
	}
	walk(e)
	return out
}

func isDecimal(lit *ast.BasicLit) bool {
	if lit.Kind != token.INT || lit.Value == "" {
		return false
	}
	return lit.Value == "0" || lit.Value[0] != '0'
}

// DecimalReadsAsOctal reports whether lit, used as a file mode, is a
// decimal literal its author meant as octal, such as 644 for 0o644. The
// rule: the literal is written in decimal without underscores; it has
// three digits whose first is 4-7 (the owner can read), or four digits
// whose first is 1-7 (setuid, setgid, sticky) and whose second is 4-7; all
// its digits are 0-7; and its decimal value is not itself a plausible mode,
// that is one at most 0o7777 whose owner can read and whose group
// permissions are a subset of the owner's and the others' a subset of the
// group's (420 is 0o644, 493 is 0o755, 511 is 0o777: meant as decimal).
func DecimalReadsAsOctal(lit *ast.BasicLit) bool {
	if lit == nil || !isDecimal(lit) {
		return false
	}
	s := lit.Value
	switch len(s) {
	case 3:
		if s[0] < '4' {
			return false
		}
	case 4:
		if s[0] < '1' || s[1] < '4' {
			return false
		}
	default:
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return false
	}
	return !plausibleMode(v)
}

// plausibleMode reports whether v looks like a permission mode: at most
// 0o7777, owner can read, group ⊆ owner, other ⊆ group.
func plausibleMode(v uint64) bool {
	if v > 0o7777 {
		return false
	}
	owner, group, other := v>>6&7, v>>3&7, v&7
	return owner&4 != 0 && group&^owner == 0 && other&^group == 0
}

// Octal returns the literal's value read as octal, for a fix: 644 gives
// 0o644.
func Octal(lit *ast.BasicLit) (uint64, bool) {
	if lit == nil || !isDecimal(lit) {
		return 0, false
	}
	v, err := strconv.ParseUint(lit.Value, 8, 32)
	return v, err == nil
}

// Format writes a mode as a Go octal literal: 0o644, 0o1777.
func Format(v uint64) string {
	return "0o" + strconv.FormatUint(v, 8)
}
