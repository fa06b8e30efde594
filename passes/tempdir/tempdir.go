package tempdir

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/assigns"
)

//go:embed doc.go
var doc string

// Analyzer computes a *Result for the package.
var Analyzer = &analysis.Analyzer{
	Name:             "tempdir",
	Doc:              analysisdoc.Extract(doc, "tempdir"),
	URL:              "https://pkg.go.dev/github.com/tmplint/tmplint/passes/tempdir",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
}

// A Location says where a path points.
type Location int

const (
	Unknown Location = iota // anywhere: a parameter, a field, the result of an unknown call
	Shared                  // a shared temp directory such as /tmp, or a path in one
	Private                 // a directory this code created private (os.MkdirTemp, t.TempDir), or a path in one
)

// neutral is the location of a variable while its own assignments are
// evaluated (a cycle such as p = p + "/x"): it agrees with every location.
const neutral Location = -1

func (l Location) String() string {
	switch l {
	case Shared:
		return "shared temp"
	case Private:
		return "private temp"
	}
	return "unknown"
}

// Result classifies the path expressions of one package. It is safe for
// concurrent use: it is not modified after the pass.
type Result struct {
	info  *types.Info
	pkg   *types.Package
	files []*ast.File

	fset *token.FileSet

	once sync.Once
	vars *assigns.Index // built on first use: most packages never need it

	fonce sync.Once
	fidx  *funcIndex // built on first use, as vars
}

// index returns the assignment index, building it on first use.
func (r *Result) index() *assigns.Index {
	r.once.Do(func() { r.vars = assigns.New(r.info, r.pkg, r.files) })
	return r.vars
}

// Value returns the one value a local variable (or an unexported
// package variable) e holds: the right-hand side of its only assignment,
// its declaration included. It returns nil when e is no such variable, or
// when it is assigned more than once or in a way the index cannot see.
func (r *Result) Value(e ast.Expr) ast.Expr {
	vars := r.index()
	srcs, ok := vars.Sources(vars.Tracked(e))
	if !ok || len(srcs) != 1 || srcs[0].Kind != assigns.Value {
		return nil
	}
	return srcs[0].Expr
}

// Classify reports where the path e points. For an *os.File or *os.Root
// expression it reports where the file or directory is.
func (r *Result) Classify(e ast.Expr) Location {
	if r == nil || e == nil {
		return Unknown
	}
	v := r.newEval().eval(e)
	if v.loc == neutral {
		return Unknown
	}
	return v.loc
}

// Predictable reports whether the name of the path e is built only from
// constants, process and user ids, the host name, the program name, times
// to the second, counters and integer getters of other modules (ids,
// ports): it has a name part and no random, nanosecond or caller-supplied
// part.
// A path in a directory created by os.MkdirTemp is not predictable (its
// directory is random), nor is a name from os.CreateTemp.
func (r *Result) Predictable(e ast.Expr) bool {
	if r == nil || e == nil {
		return false
	}
	v := r.newEval().eval(e)
	return v.name && v.pred
}

// Container reports where the directory that holds the path e is: Shared
// for "/tmp/x" and for the directory os.MkdirTemp("", p) returns, Private
// for a path inside such a directory and for t.TempDir() (which lies in a
// private directory of the test), Unknown for "/tmp" itself.
func (r *Result) Container(e ast.Expr) Location {
	if r == nil || e == nil {
		return Unknown
	}
	v := r.newEval().eval(e)
	if v.parent == neutral {
		return Unknown
	}
	return v.parent
}

// Existing reports whether e is the name of a file this code created with
// os.CreateTemp or ioutil.TempFile (f.Name(), or a variable holding it):
// opening it with O_CREATE does not create it again, so the mode argument
// is unused.
func (r *Result) Existing(e ast.Expr) bool {
	if r == nil || e == nil {
		return false
	}
	return r.newEval().eval(e).existing
}

// A Path is everything the pass knows about a path expression.
type Path struct {
	Loc         Location // as Classify
	Container   Location // as Container
	Predictable bool     // as Predictable
	// PredictableParts says every part of the path is predictable, though
	// it may have no name part below its root: "/tmp" itself.
	PredictableParts bool
	Origin           Origin // where the path was defined, when it travels
}

// Describe classifies the path e in one evaluation.
func (r *Result) Describe(e ast.Expr) Path { return r.DescribeWith(e, nil) }

// A Foreign describes the package-level variables, exported fields and
// parameterless functions' results of other packages, from what an
// analyzer's facts say about them; it reports false for an object it
// knows nothing about.
type Foreign func(obj types.Object) (Path, bool)

// DescribeWith is Describe, with the variables of other packages
// described by foreign.
func (r *Result) DescribeWith(e ast.Expr, foreign Foreign) Path {
	if r == nil || e == nil {
		return Path{}
	}
	ev := r.newEval()
	ev.foreign = foreign
	v := ev.eval(e)
	p := Path{Loc: v.loc, Container: v.parent, Predictable: v.name && v.pred, PredictableParts: v.pred, Origin: v.origin}
	if p.Loc == neutral {
		p.Loc = Unknown
	}
	if p.Container == neutral {
		p.Container = Unknown
	}
	return p
}

// ParamPath reports whether the path e is a parameter of sig, unchanged
// in its function, or such a parameter joined with constant names
// (filepath.Join(dir, "x.sock"), dir + "/x.sock") or with names built
// from predictable parts (filepath.Join(dir, fmt.Sprint(os.Getpid()))):
// it returns the
// parameter's index and whether names are joined to it.
func (r *Result) ParamPath(e ast.Expr, sig *types.Signature) (index int, joined, ok bool) {
	if r == nil || e == nil || sig == nil {
		return 0, false, false
	}
	return r.paramPath(e, sig, 0)
}

func (r *Result) paramPath(e ast.Expr, sig *types.Signature, depth int) (int, bool, bool) {
	if depth > 8 {
		return 0, false, false
	}
	e = ast.Unparen(e)
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil {
		return 0, false, false
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := r.info.Uses[e].(*types.Var)
		if !ok {
			return 0, false, false
		}
		vars := r.index()
		for i := range sig.Params().Len() {
			if sig.Params().At(i) == v {
				if vars.Assigned(v) || sig.Variadic() && i == sig.Params().Len()-1 {
					return 0, false, false
				}
				return i, false, true
			}
		}
		// A local variable assigned once, from a parameter.
		if srcs, ok := vars.Sources(vars.Tracked(e)); ok && len(srcs) == 1 && srcs[0].Kind == assigns.Value {
			return r.paramPath(srcs[0].Expr, sig, depth+1)
		}
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(r.info, e).(*types.Func)
		if !ok || fn.Pkg() == nil || len(e.Args) == 0 || e.Ellipsis.IsValid() {
			return 0, false, false
		}
		switch fn.Pkg().Path() {
		case "path/filepath", "path":
			switch fn.Name() {
			case "Join":
				if !r.allConst(e.Args[1:]) && !r.predNames(e.Args[1:]) {
					return 0, false, false
				}
				i, _, ok := r.paramPath(e.Args[0], sig, depth+1)
				return i, len(e.Args) > 1, ok
			case "Clean":
				return r.paramPath(e.Args[0], sig, depth+1)
			}
		case "net":
			if fn.Name() == "ResolveUnixAddr" && len(e.Args) == 2 {
				return r.paramPath(e.Args[1], sig, depth+1)
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD && r.allConst([]ast.Expr{e.Y}) {
			if s, _ := r.newEval().constString(e.Y); strings.HasPrefix(s, "/") {
				i, _, ok := r.paramPath(e.X, sig, depth+1)
				return i, true, ok
			}
		}
	case *ast.UnaryExpr:
		if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok && e.Op == token.AND {
			return r.addrParam(lit, sig, depth)
		}
	case *ast.CompositeLit:
		return r.addrParam(e, sig, depth)
	}
	return 0, false, false
}

func (r *Result) addrParam(lit *ast.CompositeLit, sig *types.Signature, depth int) (int, bool, bool) {
	n, ok := types.Unalias(r.info.TypeOf(lit)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !unixAddrTypes[[2]string{n.Obj().Pkg().Path(), n.Obj().Name()}] {
		return 0, false, false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" {
				return r.paramPath(kv.Value, sig, depth+1)
			}
		}
	}
	return 0, false, false
}

// predNames reports whether the names es joined to a directory are
// built only from predictable parts (a pid, a time, the program's name),
// with no location of their own.
func (r *Result) predNames(es []ast.Expr) bool {
	for _, e := range es {
		if d := r.Describe(e); !d.Predictable || d.Loc != Unknown {
			return false
		}
	}
	return true
}

func (r *Result) allConst(es []ast.Expr) bool {
	for _, e := range es {
		if tv, ok := r.info.Types[e]; !ok || tv.Value == nil || tv.Value.Kind() != constant.String || hasDotDot(constant.StringVal(tv.Value)) {
			return false
		}
	}
	return true
}

func run(pass *analysis.Pass) (any, error) {
	return &Result{info: pass.TypesInfo, pkg: pass.Pkg, files: pass.Files, fset: pass.Fset}, nil
}

// val is what the evaluator knows about an expression.
type val struct {
	loc      Location
	parent   Location // where the directory holding the path is
	name     bool     // the path has a name part below its root (or the value is a name part)
	pred     bool     // every part is predictable
	existing bool     // the name of a file made by os.CreateTemp
	origin   Origin   // where the path was defined, when away from its use
}

var unknownVal = val{loc: Unknown}

// predVal is a predictable name part with no location.
var predVal = val{loc: Unknown, name: true, pred: true}

type evaluator struct {
	r       *Result
	memo    map[*types.Var]val
	busy    map[*types.Var]bool
	foreign Foreign // the variables of other packages, or nil

	// bind holds the parameters of a function whose result is evaluated
	// for one call: the values of its arguments.
	bind     map[*types.Var]val
	depth    int                  // calls followed to get here
	funcBusy map[*types.Func]bool // functions being followed, shared by children
}

func (r *Result) newEval() *evaluator {
	return &evaluator{r: r, memo: make(map[*types.Var]val), busy: make(map[*types.Var]bool), funcBusy: make(map[*types.Func]bool)}
}

// sharedRoots are the shared temp directories recognized in literals.
var sharedRoots = []string{"/tmp", "/var/tmp", "/dev/shm"}

// constPath classifies a constant string.
func constPath(s string) val {
	if s == "" {
		return val{loc: Unknown, pred: true}
	}
	if strings.HasPrefix(s, "/") {
		clean := path.Clean(s)
		for _, root := range sharedRoots {
			if clean == root {
				return val{loc: Shared, pred: true}
			}
			if strings.HasPrefix(clean, root+"/") {
				return val{loc: Shared, parent: Shared, name: true, pred: true}
			}
		}
	}
	return predVal
}

func hasDotDot(s string) bool {
	for _, part := range strings.Split(s, "/") {
		if part == ".." {
			return true
		}
	}
	return false
}

func (ev *evaluator) constString(e ast.Expr) (string, bool) {
	tv, ok := ev.r.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func (ev *evaluator) eval(e ast.Expr) val {
	e = ast.Unparen(e)
	info := ev.r.info
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			v := constPath(constant.StringVal(tv.Value))
			v.origin = ev.constOrigin(e)
			return v
		}
		return predVal
	}
	switch e := e.(type) {
	case *ast.Ident:
		return ev.evalVar(e)
	case *ast.SelectorExpr:
		if _, ok := info.Uses[e.Sel].(*types.Var); ok {
			sel, ok := info.Selections[e]
			if !ok || sel.Kind() != types.FieldVal {
				return ev.evalVar(e.Sel) // a package-qualified variable
			}
			if f := sel.Obj(); f.Pkg() != nil && f.Pkg().Path() == "os/user" {
				switch f.Name() {
				case "Uid", "Gid", "Username", "Name":
					return predVal // a user's name and ids are known to every local user
				}
			}
			return ev.evalField(sel.Obj().(*types.Var))
		}
		return unknownVal
	case *ast.StarExpr:
		// *p of a flag's *string: the flag's default or the user's value.
		if t, ok := types.Unalias(info.TypeOf(e.X)).(*types.Pointer); ok && isString(t.Elem()) {
			if _, ok := ast.Unparen(e.X).(*ast.CallExpr); !ok {
				return ev.eval(e.X)
			}
		}
		return unknownVal
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok {
				return ev.unixAddr(lit)
			}
		}
		return unknownVal
	case *ast.CompositeLit:
		return ev.unixAddr(e)
	case *ast.SliceExpr:
		if isString(info.TypeOf(e)) { // a part of a name is as predictable as the name
			x := ev.eval(e.X)
			return val{loc: Unknown, name: x.name, pred: x.pred}
		}
		return unknownVal
	case *ast.IndexExpr:
		if isVar(info.Uses[selIdent(e.X)], "os", "Args") {
			return predVal // the program's name and arguments are known to the attacker
		}
		return unknownVal
	case *ast.BinaryExpr:
		if e.Op == token.ADD && isString(info.TypeOf(e)) {
			return ev.concat(ev.items(e))
		}
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
			x, y := ev.eval(e.X), ev.eval(e.Y)
			return val{loc: Unknown, name: true, pred: x.pred && y.pred}
		}
		return unknownVal
	case *ast.CallExpr:
		return ev.evalCall(e, 0)
	}
	return unknownVal
}

func selIdent(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

func isVar(obj types.Object, pkg, name string) bool {
	v, ok := obj.(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == pkg && v.Name() == name && v.Parent() == v.Pkg().Scope()
}

func isString(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (ev *evaluator) evalVar(id *ast.Ident) val {
	if pv, ok := ev.r.info.Uses[id].(*types.Var); ok {
		if b, ok := ev.bind[pv]; ok {
			return b
		}
	}
	vars := ev.r.index()
	v := vars.Follow(id)
	srcs, ok := vars.Sources(v)
	if !ok {
		if pv, ok := ev.r.info.Uses[id].(*types.Var); ok && pv.Pkg() == ev.r.pkg && !pv.IsField() {
			if res, ok := ev.paramVal(pv); ok {
				return res
			}
			if res, ok := ev.resultVal(pv); ok {
				return res
			}
		}
		if pv, ok := ev.r.info.Uses[id].(*types.Var); ok && !pv.IsField() && isTime(pv.Type()) {
			return predVal // a time, whoever chose it: its seconds can be enumerated
		}
		return ev.foreignVar(id)
	}
	if s, ok := ev.r.dominating(id, srcs); ok {
		return ev.evalSource(v, s)
	}
	if v.Parent() == ev.r.pkg.Scope() {
		res := ev.evalSources(v, srcs)
		if res.loc == Shared && !res.origin.Flag {
			res.origin = Origin{What: "var " + v.Name(), Pos: v.Pos()}
		}
		return res
	}
	return ev.evalSources(v, srcs)
}

// dominating returns the one assignment that a use of a variable sees,
// when the variable is declared without a value (or is a named result)
// and assigned once, by a statement that comes before the use in a block
// that holds it: "var p string; ...; p = "/tmp/x"; os.Chmod(p, m)" uses
// "/tmp/x", not the zero value, which only the code before the
// assignment can see.
func (r *Result) dominating(id *ast.Ident, srcs []assigns.Source) (assigns.Source, bool) {
	if len(srcs) != 2 || id.Pos() == token.NoPos {
		return assigns.Source{}, false
	}
	var zero, val *assigns.Source
	for i := range srcs {
		switch srcs[i].Kind {
		case assigns.Zero:
			zero = &srcs[i]
		case assigns.Value:
			val = &srcs[i]
		}
	}
	if zero == nil || val == nil {
		return assigns.Source{}, false
	}
	stmt, ok := val.Stmt.(*ast.AssignStmt)
	if !ok || val.Block == nil || id.Pos() < stmt.End() || id.Pos() >= val.Block.End() {
		return assigns.Source{}, false
	}
	return *val, true
}

// foreignVar evaluates a package-level variable of another package by
// what the foreign describer knows of it.
func (ev *evaluator) foreignVar(id *ast.Ident) val {
	v, ok := ev.r.info.Uses[id].(*types.Var)
	if !ok || ev.foreign == nil || v.Pkg() == nil || v.Pkg() == ev.r.pkg || v.Parent() != v.Pkg().Scope() {
		return unknownVal
	}
	p, ok := ev.foreign(v)
	if !ok {
		return unknownVal
	}
	return val{loc: p.Loc, parent: p.Container, name: p.Predictable, pred: p.PredictableParts, origin: p.Origin}
}

// evalField evaluates an unexported field of a struct type of the
// package that is set in one place only: every instance that sets it
// holds that value.
func (ev *evaluator) evalField(f *types.Var) val {
	if f.Pkg() != ev.r.pkg && ev.foreign != nil && f.Exported() {
		// A field of another package's type, by what its package said.
		if p, ok := ev.foreign(f); ok {
			return val{loc: p.Loc, parent: p.Container, name: p.Predictable, pred: p.PredictableParts, origin: p.Origin}
		}
		return unknownVal
	}
	srcs, ok := ev.r.index().FieldSources(f)
	if !ok || len(srcs) != 1 {
		return unknownVal
	}
	res := ev.evalSources(f, srcs)
	if res.loc == Shared && res.origin.What == "" {
		res.origin = Origin{What: "field " + f.Name() + ", set once", Pos: f.Pos()}
	}
	return res
}

// evalSources evaluates a variable or field from its assignments.
func (ev *evaluator) evalSources(v *types.Var, srcs []assigns.Source) val {
	if got, ok := ev.memo[v]; ok {
		return got
	}
	if ev.busy[v] {
		return val{loc: neutral, parent: neutral, name: true, pred: true}
	}
	ev.busy[v] = true
	var res val
	for i, s := range srcs {
		sv := ev.evalSource(v, s)
		if i == 0 {
			res = sv
			continue
		}
		res = merge(res, sv)
	}
	delete(ev.busy, v)
	if len(srcs) == 0 {
		res = unknownVal
	}
	ev.memo[v] = res
	return res
}

func merge(a, b val) val {
	o := a.origin
	if o != b.origin {
		o = Origin{}
	}
	return val{
		loc:      mergeLoc(a.loc, b.loc),
		parent:   mergeLoc(a.parent, b.parent),
		name:     a.name && b.name,
		pred:     a.pred && b.pred,
		existing: a.existing && b.existing,
		origin:   o,
	}
}

func mergeLoc(a, b Location) Location {
	switch {
	case a == neutral:
		return b
	case b == neutral, a == b:
		return a
	}
	return Unknown
}

func (ev *evaluator) evalSource(v *types.Var, s assigns.Source) val {
	switch s.Kind {
	case assigns.Value:
		return ev.eval(s.Expr)
	case assigns.Tuple:
		return ev.evalCall(s.Call, s.Index)
	case assigns.Zero:
		if isString(v.Type()) {
			return val{loc: Unknown, pred: true}
		}
		if isInteger(v.Type()) {
			return predVal
		}
	case assigns.OpAssign:
		if isString(v.Type()) {
			return val{loc: Unknown, name: true, pred: ev.eval(s.Expr).pred}
		}
		return val{loc: neutral, parent: neutral, name: true, pred: ev.eval(s.Expr).pred}
	case assigns.IncDec:
		return val{loc: neutral, parent: neutral, name: true, pred: true} // a counter
	case assigns.FlagDefault:
		if isString(v.Type()) {
			return ev.flagDefault(s.Call, s.Expr)
		}
	case assigns.RangeKey:
		switch t := ev.r.info.TypeOf(s.Expr); {
		case t == nil:
		case isInteger(t):
			return predVal
		default:
			switch t.Underlying().(type) {
			case *types.Slice, *types.Array, *types.Pointer:
				return predVal // an index
			case *types.Basic:
				if isString(t) {
					return predVal
				}
			}
		}
	}
	return unknownVal
}

// item is one part of a concatenation: a constant or an expression.
type item struct {
	text    string
	isConst bool
	expr    ast.Expr
	locOK   bool   // the expression's text goes in unchanged (%s, %v, +)
	origin  Origin // of a constant: the package-level constant it starts with
}

// items flattens a non-constant string concatenation.
func (ev *evaluator) items(e ast.Expr) []item {
	var out []item
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		e = ast.Unparen(e)
		if s, ok := ev.constString(e); ok {
			out = append(out, item{text: s, isConst: true, origin: ev.constOrigin(e)})
			return
		}
		if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD {
			walk(b.X)
			walk(b.Y)
			return
		}
		out = append(out, item{expr: e, locOK: true})
	}
	walk(e)
	return out
}

// concat evaluates a concatenation of items.
func (ev *evaluator) concat(items []item) val {
	// Merge adjacent constants.
	var parts []item
	for _, it := range items {
		if it.isConst && len(parts) > 0 && parts[len(parts)-1].isConst {
			parts[len(parts)-1].text += it.text
			continue
		}
		if it.isConst && it.text == "" {
			continue
		}
		parts = append(parts, it)
	}
	if len(parts) == 0 {
		return val{loc: Unknown, pred: true}
	}
	res := val{loc: Unknown, name: true, pred: true}
	for i, p := range parts {
		if p.isConst {
			if hasDotDot(p.text) && i > 0 {
				res.loc = Unknown
			}
			continue
		}
		v := ev.eval(p.expr)
		res.pred = res.pred && v.pred
	}
	first := parts[0]
	if first.isConst {
		if !strings.HasPrefix(first.text, "/") {
			return val{loc: Unknown, name: true, pred: res.pred}
		}
		clean := path.Clean(first.text)
		for _, root := range sharedRoots {
			if strings.HasPrefix(first.text, root+"/") && !hasDotDot(first.text) || clean == root && len(parts) == 1 {
				if len(parts) == 1 {
					v := constPath(first.text)
					v.origin = first.origin
					return v
				}
				return val{loc: Shared, parent: Shared, name: true, pred: res.pred, origin: first.origin}
			}
		}
		return val{loc: Unknown, name: true, pred: res.pred}
	}
	if !first.locOK {
		return val{loc: Unknown, name: true, pred: res.pred}
	}
	v0 := ev.eval(first.expr)
	if len(parts) == 1 {
		return v0
	}
	next := parts[1]
	loc, parent := Unknown, Unknown
	switch {
	case next.isConst && strings.HasPrefix(next.text, "/") && !hasDotDot(next.text):
		loc, parent = v0.loc, v0.loc // dir + "/name"
	case next.isConst && !strings.Contains(next.text, "/"):
		loc, parent = v0.parent, v0.parent // name + ".suffix": a sibling
	}
	for _, p := range parts[2:] {
		if p.isConst && hasDotDot(p.text) {
			loc, parent = Unknown, Unknown
		}
	}
	return val{loc: loc, parent: parent, name: true, pred: res.pred, origin: v0.origin}
}

func (ev *evaluator) join(args []ast.Expr) val {
	if len(args) == 0 {
		return unknownVal
	}
	res := ev.eval(args[0])
	dir := res.loc
	for _, a := range args[1:] {
		if s, ok := ev.constString(a); ok {
			if s == "" {
				continue
			}
			if hasDotDot(s) {
				dir = Unknown
			}
			res = val{loc: dir, parent: dir, name: true, pred: res.pred, origin: res.origin}
			continue
		}
		v := ev.eval(a)
		res = val{loc: dir, parent: dir, name: true, pred: res.pred && v.pred, origin: res.origin}
	}
	return res
}

// sprintf evaluates fmt.Sprintf(format, args...).
func (ev *evaluator) sprintf(args []ast.Expr) val {
	if len(args) == 0 {
		return unknownVal
	}
	format, ok := ev.constString(args[0])
	if !ok {
		return unknownVal
	}
	var items []item
	argi := 1
	var lit strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			lit.WriteByte(c)
			continue
		}
		i++
		// flags, width, precision
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) {
			return unknownVal
		}
		verb := format[i]
		if verb == '%' {
			lit.WriteByte('%')
			continue
		}
		if verb == '[' || verb == '*' || argi >= len(args) {
			return unknownVal // explicit argument indexes: not followed
		}
		if lit.Len() > 0 {
			items = append(items, item{text: lit.String(), isConst: true})
			lit.Reset()
		}
		a := args[argi]
		argi++
		if s, ok := ev.constString(a); ok && (verb == 's' || verb == 'v') {
			items = append(items, item{text: s, isConst: true, origin: ev.constOrigin(a)})
			continue
		}
		items = append(items, item{expr: a, locOK: verb == 's' || verb == 'v'})
	}
	if lit.Len() > 0 {
		items = append(items, item{text: lit.String(), isConst: true})
	}
	return ev.concat(items)
}

// An Origin says where a path that travels was defined: a package-level
// constant or variable, a flag's default, a field set in one place. It
// is the zero Origin for a path built where it is used.
type Origin struct {
	What string    // "const sock", "var lockDir", "the default of flag -o", "field sock, set once"
	Pos  token.Pos // the definition
	Flag bool      // the path is a flag's default, which the user may override
	// Where is the definition as "file.go:12" when Pos is not known: an
	// origin that a fact brought from another package.
	Where string
}

// constOrigin returns the package-level constant that a constant path
// expression starts with: sock, sockDir + "/x".
func (ev *evaluator) constOrigin(e ast.Expr) Origin {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			e = x.X
			continue
		case *ast.Ident, *ast.SelectorExpr:
			c, ok := ev.r.info.Uses[selIdent(x)].(*types.Const)
			if ok && c.Pkg() != nil && c.Parent() == c.Pkg().Scope() {
				return Origin{What: "const " + c.Name(), Pos: c.Pos()}
			}
		}
		return Origin{}
	}
}

// flagDefault evaluates the default of a string flag defined by call.
func (ev *evaluator) flagDefault(call *ast.CallExpr, def ast.Expr) val {
	v := ev.eval(def)
	if v.loc == Shared {
		name := "a flag"
		if s, ok := ev.constString(call.Args[flagNameArg(call)]); ok {
			name = "flag -" + s
		}
		v.origin = Origin{What: "the default of " + name, Pos: call.Pos(), Flag: true}
	}
	return v
}

// flagNameArg returns the index of the name argument of a flag
// definition: String(name, ...) or StringVar(&v, name, ...).
func flagNameArg(call *ast.CallExpr) int {
	if len(call.Args) > 0 {
		if u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.AND {
			return 1
		}
	}
	return 0
}

// stringFlag returns the default argument of flag.String(name, default,
// usage), pflag.StringP(name, shorthand, default, usage) and the same
// methods of a FlagSet.
func stringFlag(fn *types.Func, args []ast.Expr) (ast.Expr, bool) {
	if fn.Pkg() == nil || !assigns.IsFlagPackage(fn.Pkg().Path()) {
		return nil, false
	}
	switch {
	case fn.Name() == "String" && len(args) == 3:
		return args[1], true
	case fn.Name() == "StringP" && len(args) == 4:
		return args[2], true
	}
	return nil, false
}

// unixAddrTypes are the socket address types whose Name field is the
// path of a unix socket.
var unixAddrTypes = map[[2]string]bool{
	{"net", "UnixAddr"}:                       true,
	{"syscall", "SockaddrUnix"}:               true,
	{"golang.org/x/sys/unix", "SockaddrUnix"}: true,
}

// unixAddr evaluates a unix socket address literal as its path.
func (ev *evaluator) unixAddr(lit *ast.CompositeLit) val {
	n, ok := types.Unalias(ev.r.info.TypeOf(lit)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !unixAddrTypes[[2]string{n.Obj().Pkg().Path(), n.Obj().Name()}] {
		return unknownVal
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" {
				return ev.eval(kv.Value)
			}
		}
	}
	return unknownVal
}

// evalCall evaluates result number index of a call.
func (ev *evaluator) evalCall(call *ast.CallExpr, index int) val {
	v := ev.evalCallOf(call, index)
	if !v.pred && index == 0 && ev.enumerableInt(call) {
		return predVal
	}
	return v
}

// enumerableInt reports whether the call is a getter of an integer that
// no random source chose: a method returning an id, a pid, a port or a
// counter (inst.ID(), srv.Port()), with predictable arguments. Another
// local user can enumerate such a number and pre-create every name it
// makes, whatever code chose it. A method of a type of math/rand,
// math/rand/v2 or crypto/rand, or of a type that is itself a random
// source (it has the Int63 of math/rand.Source or the Uint64 of
// math/rand/v2.Source), is random. Functions that are not methods are
// judged by what the evaluator knows of them (os.Getpid, atomic counters),
// and so is the standard library.
func (ev *evaluator) enumerableInt(call *ast.CallExpr) bool {
	t, ok := ev.r.info.TypeOf(call).Underlying().(*types.Basic)
	if !ok || t.Info()&types.IsInteger == 0 {
		return false
	}
	fn, ok := typeutil.Callee(ev.r.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || randPackages[fn.Pkg().Path()] {
		return false
	}
	if !strings.Contains(strings.Split(fn.Pkg().Path(), "/")[0], ".") {
		return false // the standard library: the evaluator models what it knows of it
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || randomSource(recv.Type()) {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok || !ev.r.existingObject(sel.X) {
		return false // uuid.New().ID(): the receiver may itself be random
	}
	for _, a := range call.Args {
		if !ev.eval(a).pred {
			return false
		}
	}
	return true
}

// existingObject reports whether e names an object that existed before the
// function made anything: a parameter, a package-level variable, a field
// of one, or a local variable assigned once from one. A value some call
// returned (uuid.New()) may be random, and so may its getters.
func (r *Result) existingObject(e ast.Expr) bool {
	vars := r.index()
	for range 8 {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if sel, ok := r.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
				e = x.X
				continue
			}
			_, ok := r.info.Uses[x.Sel].(*types.Var) // a package-qualified variable
			return ok
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.Ident:
			v, ok := r.info.Uses[x].(*types.Var)
			if !ok {
				return false
			}
			if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return true // a package-level variable
			}
			srcs, tracked := vars.Sources(vars.Tracked(x))
			if !tracked {
				return !vars.Assigned(v) // a parameter (or receiver) never reassigned
			}
			if len(srcs) != 1 || srcs[0].Kind != assigns.Value {
				return false
			}
			e = srcs[0].Expr
			continue
		}
		return false
	}
	return false
}

// randomSource reports whether values of type t produce random numbers:
// t has the method of math/rand.Source (Int63() int64) or of
// math/rand/v2.Source (Uint64() uint64).
func randomSource(t types.Type) bool {
	for _, m := range []struct {
		name string
		kind types.BasicKind
	}{{"Int63", types.Int64}, {"Uint64", types.Uint64}} {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m.name)
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[m.kind]) {
			return true
		}
	}
	return false
}

// randPackages are the packages whose numbers are random.
var randPackages = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

func (ev *evaluator) evalCallOf(call *ast.CallExpr, index int) val {
	info := ev.r.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 && index == 0 {
			return ev.eval(call.Args[0]) // a conversion
		}
		return unknownVal
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return unknownVal
	}
	if call.Ellipsis.IsValid() {
		return unknownVal
	}
	args := call.Args
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return unknownVal
	}
	if index == 0 {
		if def, ok := stringFlag(fn, args); ok {
			return ev.flagDefault(call, def) // the *string of a flag
		}
	}
	if recv := sig.Recv(); recv != nil {
		return ev.evalMethod(call, fn, index)
	}
	if fn.Pkg() == ev.r.pkg {
		if res, ok := ev.callResult(call, fn, index); ok {
			return res
		}
		return unknownVal
	}
	if index == 0 && ev.foreign != nil && sig.Params().Len() == 0 {
		// A function of another package that returns a shared temp
		// path (func SocketPath() string { return "/tmp/app.sock" }),
		// by what its package said (on the generic function itself
		// for an instance).
		if p, ok := ev.foreign(fn.Origin()); ok {
			return val{loc: p.Loc, parent: p.Container, name: p.Predictable, pred: p.PredictableParts, origin: p.Origin}
		}
	}
	pkg, name := fn.Pkg().Path(), fn.Name()
	if index != 0 {
		return unknownVal // the error or ok result
	}
	switch pkg {
	case "net":
		if name == "ResolveUnixAddr" && len(args) == 2 {
			return ev.eval(args[1])
		}
	case "os":
		switch name {
		case "TempDir":
			return val{loc: Shared, pred: true}
		case "Getenv", "LookupEnv":
			if len(args) == 1 {
				if s, ok := ev.constString(args[0]); ok && (s == "TMPDIR" || s == "TMP" || s == "TEMP") {
					return val{loc: Shared, pred: true}
				} else if ok && (s == "USER" || s == "LOGNAME" || s == "USERNAME") {
					return predVal // the login name, as os/user's Username
				}
			}
			return unknownVal
		case "MkdirTemp":
			return ev.mkdirTemp(args)
		case "Getpid", "Getppid", "Getuid", "Geteuid", "Getgid", "Getegid", "Hostname", "Executable":
			return predVal
		case "Create", "OpenFile", "Open", "OpenRoot":
			if len(args) > 0 {
				return ev.eval(args[0])
			}
		case "CreateTemp":
			return ev.createTemp(args)
		}
	case "io/ioutil":
		switch name {
		case "TempDir":
			return ev.mkdirTemp(args)
		case "TempFile":
			return ev.createTemp(args)
		}
	case "syscall", "golang.org/x/sys/unix":
		switch name {
		case "Getpid", "Getppid", "Getuid", "Geteuid", "Getgid", "Getegid", "Gettid":
			return predVal
		}
	case "path/filepath", "path":
		switch name {
		case "Join":
			return ev.join(args)
		case "Clean", "FromSlash", "ToSlash":
			if len(args) == 1 {
				return ev.eval(args[0])
			}
		case "Base", "Ext":
			if len(args) == 1 {
				return val{loc: Unknown, name: true, pred: ev.eval(args[0]).pred}
			}
		}
	case "fmt":
		switch name {
		case "Sprintf":
			return ev.sprintf(args)
		case "Sprint", "Sprintln":
			return ev.allPred(args)
		}
	case "strconv":
		switch name {
		case "Itoa", "FormatInt", "FormatUint", "Quote", "AppendInt":
			return ev.allPred(args)
		}
	case "strings":
		switch name {
		case "ToLower", "ToUpper", "TrimSpace", "Trim", "TrimSuffix", "TrimPrefix", "TrimLeft", "TrimRight", "ReplaceAll", "Replace", "Repeat":
			return ev.allPred(args)
		case "Map":
			if len(args) == 2 { // a fixed mapping of a predictable name
				return val{loc: Unknown, name: true, pred: ev.eval(args[1]).pred}
			}
		}
	case "time":
		switch name {
		case "Now", "Since", "Unix", "UnixMilli", "UnixMicro", "Date":
			return ev.allPred(args)
		}
	case "sync/atomic":
		if strings.HasPrefix(name, "Add") {
			return predVal // a counter
		}
	}
	return unknownVal
}

func (ev *evaluator) allPred(args []ast.Expr) val {
	res := predVal
	for _, a := range args {
		res.pred = res.pred && ev.eval(a).pred
	}
	return res
}

// createTemp evaluates the file of os.CreateTemp(dir, pattern): in dir
// (the default temp dir when dir is ""), with a random name.
func (ev *evaluator) createTemp(args []ast.Expr) val {
	if len(args) != 2 {
		return unknownVal
	}
	dir := ev.eval(args[0])
	if s, ok := ev.constString(args[0]); ok && s == "" {
		dir = val{loc: Shared}
	}
	if dir.loc == Unknown || dir.loc == neutral {
		return val{existing: true}
	}
	return val{loc: dir.loc, parent: dir.loc, name: true, existing: true}
}

// mkdirTemp evaluates the directory of os.MkdirTemp(dir, pattern): private,
// in dir (the default temp dir when dir is "").
func (ev *evaluator) mkdirTemp(args []ast.Expr) val {
	if len(args) != 2 {
		return unknownVal
	}
	dir := ev.eval(args[0])
	if s, ok := ev.constString(args[0]); ok && s == "" {
		dir = val{loc: Shared}
	}
	if dir.loc == neutral {
		dir.loc = Unknown
	}
	return val{loc: Private, parent: dir.loc}
}

func (ev *evaluator) evalMethod(call *ast.CallExpr, fn *types.Func, index int) val {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || index != 0 {
		return unknownVal
	}
	pkg, name := fn.Pkg().Path(), fn.Name()
	recv := fn.Type().(*types.Signature).Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	recvName := ""
	if n, ok := types.Unalias(recv).(*types.Named); ok {
		recvName = n.Obj().Name()
	}
	switch {
	case pkg == "testing" && name == "TempDir":
		return val{loc: Private, parent: Private} // (*testing.T).TempDir and testing.TB: a directory in the test's private one
	case pkg == "os" && recvName == "File" && name == "Name":
		return ev.eval(sel.X)
	case pkg == "os" && recvName == "Root" && name == "Name":
		return ev.eval(sel.X)
	case pkg == "os" && recvName == "Root" && (name == "Create" || name == "OpenFile" || name == "Open" || name == "OpenRoot"):
		if len(call.Args) > 0 {
			return ev.join([]ast.Expr{sel.X, call.Args[0]})
		}
	case pkg == "time" && recvName == "Time" && (name == "UnixNano" || name == "Nanosecond"):
		return unknownVal // nanoseconds: no one can guess them ahead
	case pkg == "time" && recvName == "Time":
		return ev.allPred(append([]ast.Expr{sel.X}, call.Args...))
	case pkg == "time" && recvName == "Duration":
		return ev.allPred([]ast.Expr{sel.X})
	case pkg == "sync/atomic" && (name == "Add" || name == "Load"):
		return predVal // a counter
	case name == "String" && len(call.Args) == 0 && isInteger(recv):
		return predVal // the name of an enumerated value: one of a few
	}
	return unknownVal
}
