package tempfacts

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/lazyssa"
	"github.com/tmplint/tmplint/passes/tempdir"
)

//go:embed doc.go
var doc string

// Analyzer computes the facts and a *Result for the package.
var Analyzer = &analysis.Analyzer{
	Name:       "tempfacts",
	Doc:        analysisdoc.Extract(doc, "tempfacts"),
	URL:        "https://pkg.go.dev/github.com/tmplint/tmplint/passes/tempfacts",
	Run:        run,
	Requires:   []*analysis.Analyzer{tempdir.Analyzer, lazyssa.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(returnsTemp), new(releases), new(borrows), new(takes), new(keepsInside), new(exitsOnError), new(failsTest), new(ownsTemp), new(returnsOwner), new(storesTemp), new(returnsTempList), new(setsField)},
}

// returnsTemp is the fact of a function that returns a temp object its
// caller must clean up.
type returnsTemp struct {
	Kind     Kind
	Object   int // result index of the object, -1 if none
	Cleanup  int // result index of a func() that removes it, -1 if none
	DirParam int // parameter naming the object's parent directory, -1 if none
	// OtherDir: the function creates the object in a directory it names
	// itself that is no temp location (an application's state directory,
	// os.CreateTemp(filepath.Join(root, "sessions"), ...)): a unique name
	// in a directory someone manages, as a creation there in the caller's
	// own body would be.
	OtherDir bool
	// Closed: the function defers the Close of the *os.File it returns,
	// so its callers get a closed file (only its name is of use).
	Closed bool
	// CallersValue: on another path the function returns, at the same
	// result, a value of its caller's own (a parameter, a field of its
	// receiver: a test's override) instead of a temp object. The result
	// is a temp object only on the paths that create one, so a caller
	// must not remove what it got without telling the two apart.
	CallersValue bool
	// CallersArg: that value is one of the arguments the caller passes
	// (not only a field of the receiver), so whether the result is a
	// temp object depends on what each call passes.
	CallersArg bool
	// BehindArg: that value may be one reached from an argument (a
	// field of it, a method's result) rather than the argument itself:
	// comparing the result with the argument does not tell it apart.
	BehindArg bool
}

func (*returnsTemp) AFact() {}

func (f *returnsTemp) String() string {
	var parts []string
	if f.Object >= 0 {
		parts = append(parts, fmt.Sprintf("%s %d", f.Kind, f.Object))
	}
	if f.Cleanup >= 0 {
		parts = append(parts, fmt.Sprintf("cleanup %d", f.Cleanup))
	}
	if f.DirParam >= 0 {
		parts = append(parts, fmt.Sprintf("in param %d", f.DirParam))
	}
	if f.OtherDir {
		parts = append(parts, "in other dir")
	}
	if f.Closed {
		parts = append(parts, "closed")
	}
	switch {
	case f.BehindArg:
		parts = append(parts, "or a value behind caller's argument")
	case f.CallersArg:
		parts = append(parts, "or caller's argument")
	case f.CallersValue:
		parts = append(parts, "or caller's value")
	}
	return "returnsTemp(" + strings.Join(parts, ", ") + ")"
}

// releases is the fact of a function that removes or takes ownership of
// some of its parameters on every path that returns.
type releases struct {
	Params []int
}

func (*releases) AFact() {}

func (f *releases) String() string { return paramsFact("releases", f.Params) }

// paramsFact formats a fact about parameters as name(i, j, ...).
func paramsFact(name string, params []int) string {
	s := make([]string, len(params))
	for i, p := range params {
		s[i] = fmt.Sprint(p)
	}
	return name + "(" + strings.Join(s, ", ") + ")"
}

// borrows is the fact of a function that uses some of its path (or
// *os.File) parameters without keeping them: it neither stores, returns nor
// passes them to unknown code, and does not remove them on every path. A
// caller passing a temp object to it still owns the object.
type borrows struct {
	Params []int
}

func (*borrows) AFact() {}

func (f *borrows) String() string { return paramsFact("borrows", f.Params) }

// takes is the fact of a function that keeps some of its path (or
// *os.File) parameters on some path without removing them on every path:
// it stores them into a field, a global, a map, a slice or a channel, or
// returns them. A caller passing a temp object to it hands the object off.
type takes struct {
	Params []int
}

func (*takes) AFact() {}

func (f *takes) String() string { return paramsFact("takes", f.Params) }

// keepsInside is the fact of a function that keeps a path inside some of
// its parameters past the call (stores filepath.Join(dir, "objects")) but
// never the parameter itself: the object stays in use, and the caller,
// who still owns it, must not remove it while the keeper lives.
type keepsInside struct {
	Params []int
}

func (*keepsInside) AFact() {}

func (f *keepsInside) String() string { return paramsFact("keepsInside", f.Params) }

// A Creation is a call that creates a temp object the caller must clean
// up.
type Creation struct {
	Call   *ast.CallExpr
	Callee *types.Func
	Kind   Kind
	// Object is the result index of the object, -1 if the call returns
	// only a cleanup function.
	Object int
	// Cleanup is the result index of a func() that removes the object, -1
	// if none.
	Cleanup int
	// DirArg is the argument naming the parent directory, or nil.
	DirArg ast.Expr
	// OtherDir: a creator function made the object in a directory it
	// names itself that is no temp location (the returnsTemp fact's
	// OtherDir); DirArg is then nil.
	OtherDir bool
	// Closed: a creator function returns the file already closed.
	Closed bool
	// CallersValue: a creator function returns, on another path, a value
	// of its caller's own instead (the returnsTemp fact's CallersValue):
	// the result is a temp object only when the callee made one.
	CallersValue bool
	// CallersArg: that value is one of the call's arguments (the
	// returnsTemp fact's CallersArg); BehindArg: or one reached from an
	// argument (the fact's BehindArg).
	CallersArg, BehindArg bool
	// Into is, for a call that stores the object through a pointer
	// argument (&v, a function with the storesTemp fact: outparam.go),
	// the variable v that holds it after the call; Object is then -1.
	Into *ast.Ident
	// IntoOnSuccess: the callee's error result says whether it stored
	// an object, as a creation's error does.
	IntoOnSuccess bool
}

// Result is the model of temp-object ownership for one package.
type Result struct {
	pkg   *types.Package
	info  *types.Info
	cfgs  *pathflow.CFGs
	dirs  *tempdir.Result
	exits *pathflow.Exits
	decls map[*types.Func]*ast.FuncDecl

	returnsMemo  map[*types.Func]*returnsTemp
	storesMemo   map[*types.Func]*storesTemp
	setsMemo     map[*types.Func]*setsField // setsfield.go
	listMemo     map[*types.Func]*returnsTempList
	releasesMemo map[*types.Func]*releases
	ownerResults map[*types.Func]*OwnerResult // ownerresult.go
	// ownerresult.go: the functions whose SSA forms are built together.
	ownerResultCands []*types.Func
	borrowsMemo      map[*types.Func]*borrows
	takesMemo        map[*types.Func]*takes
	insideMemo       map[*types.Func]*keepsInside
	exitsMemo        map[*types.Func]*exitsOnError // exitsonerror.go
	failsMemo        map[*types.Func]*failsTest    // failstest.go
	mayFailMemo      map[*types.Func]bool          // failstest.go: the pre-pass
	failsPkg         *ssa.Package                  // failstest.go: the bodies the pre-pass keeps
	// releasepaths.go: the fields that removals name and the functions
	// that select them, the bodies kept for the question, the judgements.
	fieldUsers   map[*types.Var][]*types.Func
	fset         *token.FileSet // for the positions an ownsTemp fact names
	fieldType    map[*types.Var]*types.Named
	osPkg        *types.Package // exclusivessa.go: package os, for its O_ flags
	osLooked     bool
	mayRetryMemo map[*types.Func]bool    // exclusivessa.go: the pre-pass
	randomMemo   map[*ast.BlockStmt]bool // randomdir.go: the pre-pass, by body
	// fieldRemovers: the users of a field that call a standard remover
	// themselves; setBy: the functions that set a field to a value
	// other than its zero one (nothingtoremove.go).
	fieldRemovers map[*types.Var][]*types.Func
	setBy         map[*types.Var][]*types.Func
	releaseBuilt  map[*types.Func]*ssa.Package
	releaseMemo   map[*types.Var]map[*types.Func]fieldJudgement
	keptMemo      map[*types.Var]bool
	callers       map[*types.Func][]*types.Func // built on first use
	reasonsMemo   map[[2]any]uint
	busy          map[*types.Func]bool

	// Owner types (ownertype.go): those of the package, computed on
	// first use, and those of other packages by their facts; the
	// results of constructors of owners.
	ownerTypes       map[*types.TypeName]*OwnerType
	importedOwners   map[*types.TypeName]*OwnerType
	freshMemo        map[*types.Func]*returnsOwner
	creationsMemo    map[*types.Func]map[token.Pos]*Creation // creatorssa.go: the pre-pass
	freshCandidates  []*types.Func                           // freshownerssa.go: the pre-pass, on first use
	ownerResultsMemo map[*types.Func]*returnsOwner

	// ssa builds the package's SSA form with the bodies asked for: the
	// functions of loudCarriers together, in carriersSSA, each other
	// function alone, in aloneSSA (prepass.go, ssaFunc); loud are the
	// parameters that need following, flows those followed (paramflow.go).
	ssa          *lazyssa.Program
	carriersSSA  *ssa.Package
	aloneSSA     map[*types.Func]*ssa.Package
	flows        map[[2]any]*paramFlow
	loud         map[*types.Var]bool
	loudCarriers map[*types.Func]bool
}

// Exits is the exit classifier of the package, for pathflow.Query.Exit.
func (r *Result) Exits() *pathflow.Exits { return r.exits }

// Table reports whether v is a package-level table that is never empty
// (pathflow.CFGs.Table), for pathflow.Query.Table.
func (r *Result) Table(v *types.Var) bool { return r.cfgs.Table(v) }

// Registers reports whether call registers functions to run at the end of
// a test (t.Cleanup), for pathflow.Query.Registers.
func (r *Result) Registers(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	return ok && isTestingCleanup(fn)
}

// CFG returns the control-flow graph of fn, an *ast.FuncDecl or
// *ast.FuncLit, or nil.
func (r *Result) CFG(fn ast.Node) *cfg.CFG {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if fn.Body != nil {
			return r.cfgs.FuncDecl(fn)
		}
	case *ast.FuncLit:
		return r.cfgs.FuncLit(fn)
	}
	return nil
}

// Location classifies a path expression (see package tempdir).
func (r *Result) Location(e ast.Expr) tempdir.Location {
	if e == nil {
		return tempdir.Unknown
	}
	return r.dirs.Classify(e)
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		pkg:          pass.Pkg,
		info:         pass.TypesInfo,
		cfgs:         pathflow.NewCFGs(pass.TypesInfo, pass.Files),
		dirs:         pass.ResultOf[tempdir.Analyzer].(*tempdir.Result),
		exits:        pathflow.NewExits(pass.TypesInfo, pass.Files),
		decls:        make(map[*types.Func]*ast.FuncDecl),
		returnsMemo:  make(map[*types.Func]*returnsTemp),
		storesMemo:   make(map[*types.Func]*storesTemp),
		setsMemo:     make(map[*types.Func]*setsField),
		listMemo:     make(map[*types.Func]*returnsTempList),
		releasesMemo: make(map[*types.Func]*releases),
		ownerResults: make(map[*types.Func]*OwnerResult),
		borrowsMemo:  make(map[*types.Func]*borrows),
		takesMemo:    make(map[*types.Func]*takes),
		insideMemo:   make(map[*types.Func]*keepsInside),
		exitsMemo:    make(map[*types.Func]*exitsOnError),
		failsMemo:    make(map[*types.Func]*failsTest),
		releaseMemo:  make(map[*types.Var]map[*types.Func]fieldJudgement),
		fset:         pass.Fset,
		releaseBuilt: make(map[*types.Func]*ssa.Package),
		mayRetryMemo: make(map[*types.Func]bool),
		randomMemo:   make(map[*ast.BlockStmt]bool),
		keptMemo:     make(map[*types.Var]bool),
		reasonsMemo:  make(map[[2]any]uint),
		busy:         make(map[*types.Func]bool),

		importedOwners:   make(map[*types.TypeName]*OwnerType),
		freshMemo:        make(map[*types.Func]*returnsOwner),
		creationsMemo:    make(map[*types.Func]map[token.Pos]*Creation),
		ownerResultsMemo: make(map[*types.Func]*returnsOwner),
		ssa:              pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program),
		flows:            make(map[[2]any]*paramFlow),
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					r.decls[fn] = fd
				}
			}
		}
	}
	// Import the facts of every function called from another package, so
	// the Result needs the pass no more. On the way, note whether anything
	// here can create a temp object at all: only a call into os,
	// io/ioutil, testing or a function with a returnsTemp fact can, and
	// most packages of an import graph make none, so their functions need
	// no returnsTemp analysis.
	mayCreate := false
	// A plain walk: most packages of the import graph need no inspector,
	// and building one here would build it everywhere.
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
				return true
			}
			fn = fn.Origin()
			switch fn.Pkg().Path() {
			case "os", "io/ioutil", "testing":
				mayCreate = true
			}
			if _, done := r.returnsMemo[fn]; done {
				return true
			}
			var rt returnsTemp
			if pass.ImportObjectFact(fn, &rt) {
				r.returnsMemo[fn] = &rt
				mayCreate = true
			} else {
				r.returnsMemo[fn] = nil
			}
			var st storesTemp
			if pass.ImportObjectFact(fn, &st) {
				r.storesMemo[fn] = &st
				mayCreate = true
			}
			var rl returnsTempList
			if pass.ImportObjectFact(fn, &rl) {
				r.listMemo[fn] = &rl
				mayCreate = true
			}
			var rel releases
			if pass.ImportObjectFact(fn, &rel) {
				r.releasesMemo[fn] = &rel
			} else {
				r.releasesMemo[fn] = nil
			}
			var bor borrows
			if pass.ImportObjectFact(fn, &bor) {
				r.borrowsMemo[fn] = &bor
			}
			var tak takes
			if pass.ImportObjectFact(fn, &tak) {
				r.takesMemo[fn] = &tak
			}
			var ins keepsInside
			if pass.ImportObjectFact(fn, &ins) {
				r.insideMemo[fn] = &ins
			}
			var sf setsField
			if pass.ImportObjectFact(fn, &sf) {
				r.setsMemo[fn] = &sf
				r.importSetOwners(pass, fn, &sf)
			}
			var ex exitsOnError
			if pass.ImportObjectFact(fn, &ex) {
				r.exitsMemo[fn] = &ex
			} else {
				r.exitsMemo[fn] = nil
			}
			var ft failsTest
			if pass.ImportObjectFact(fn, &ft) {
				r.failsMemo[fn] = &ft
			} else {
				r.failsMemo[fn] = nil
			}
			r.importOwner(pass, fn)
			return true
		})
	}
	// Compute and export the facts of this package's functions. The
	// per-parameter facts of a standard package are never read by its
	// importers, which judge standard functions by std.go, and an
	// external test package has no importers: there they are computed
	// only when the package itself asks (ParamUse), sparing most of the
	// standard library and of the tests the building of their SSA form.
	params := !isStd(pass.Pkg.Path()) && !strings.HasSuffix(pass.Pkg.Path(), "_test")
	for fn := range r.decls {
		if !mayCreate {
			r.returnsMemo[fn] = nil
		} else if f := r.returnsOf(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
		if !params {
			continue
		}
		if mayCreate {
			if f := r.storesOf(fn); f != nil {
				pass.ExportObjectFact(fn, f)
			}
			if f := r.listOf(fn); f != nil {
				pass.ExportObjectFact(fn, f)
			}
		}
		if f := r.releasesOf(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
		if f := r.borrowsOf(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
		if f := r.takesOf(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
		if p := r.paramFacts(fn, Keep); p != nil {
			pass.ExportObjectFact(fn, &keepsInside{Params: p})
		}
		if f := r.fieldSetsOf(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
		if f := r.exitsOnErrorOf(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
		if f := r.failsTestOf(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
	}
	if params && (mayCreate || len(r.ownerResultsMemo) > 0) {
		r.exportOwners(pass)
	}
	return r, nil
}

// Creation returns what the call creates, or nil if it creates no temp
// object that needs cleaning up: not a creator, or one creating the
// object in a private directory (t.TempDir(), a directory from
// os.MkdirTemp whose own cleanup covers it).
func (r *Result) Creation(call *ast.CallExpr) *Creation {
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() != nil && isShim(fn.Pkg().Path()) {
		return nil // the shim's objects belong to its session
	}
	var c *Creation
	if sc, ok := stdCreators[funcKey(fn)]; ok {
		c = &Creation{Call: call, Callee: fn, Kind: sc.kind, Object: 0, Cleanup: -1}
		if sc.dirArg < len(call.Args) {
			c.DirArg = call.Args[sc.dirArg]
		}
	} else if f := r.returnsOf(fn); f != nil {
		c = &Creation{Call: call, Callee: fn, Kind: f.Kind, Object: f.Object, Cleanup: f.Cleanup, OtherDir: f.OtherDir, Closed: f.Closed, CallersValue: f.CallersValue, CallersArg: f.CallersArg, BehindArg: f.BehindArg}
		if f.DirParam >= 0 && f.DirParam < len(call.Args) {
			c.DirArg = call.Args[f.DirParam]
		}
	}
	if c == nil {
		return nil
	}
	if c.DirArg != nil && (r.dirs.Classify(c.DirArg) == tempdir.Private || r.testingDir(c.DirArg)) {
		return nil
	}
	return c
}

// OtherDir reports whether the directory argument e of a creation names
// a directory that is neither the default temp directory ("" or
// os.TempDir()) nor a temp location the analysis knows: one that a
// caller, a flag, a configuration or the program's own layout chose.
func (r *Result) OtherDir(e ast.Expr) bool {
	return e != nil && !r.defaultDir(e) && r.Location(e) == tempdir.Unknown
}

// defaultDir is DefaultDir through the variables that hold e's value:
// dir := ""; os.CreateTemp(dir, "x") creates in the default temp dir.
func (r *Result) defaultDir(e ast.Expr) bool {
	for range 8 {
		if e == nil {
			return false
		}
		if DefaultDir(r.info, e) {
			return true
		}
		e = r.dirs.Value(e)
	}
	return false
}

// DefaultDir reports whether e is "" or os.TempDir(): the default temp
// directory.
func DefaultDir(info *types.Info, e ast.Expr) bool {
	if e == nil {
		return false
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.ExactString() == `""` {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "os" && fn.Name() == "TempDir"
}

// testingDir reports whether e is a call of a testing.TB method that
// returns a directory the testing package manages: t.TempDir() and
// t.ArtifactDir() (kept only when the user asks for artifacts).
func (r *Result) testingDir(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(r.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "testing" {
		return false
	}
	return fn.Name() == "TempDir" || fn.Name() == "ArtifactDir"
}

// isEmptyInterface reports whether t is any (or interface{}). A type
// parameter is not, whatever its constraint: its values are of the type an
// instantiation chooses.
func isEmptyInterface(t types.Type) bool {
	if pkgtypes.OfTypeParam(t) {
		return false
	}
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0
}

// releasesParam reports whether fn removes or takes its parameter i on
// every path.
func (r *Result) releasesParam(fn *types.Func, i int) bool {
	f := r.releasesOf(fn.Origin())
	if f == nil {
		return false
	}
	for _, p := range f.Params {
		if p == i {
			return true
		}
	}
	return false
}

// A Use is what a function does with one of its parameters, as its
// callers see it.
type Use int

const (
	// Unknown: the parameter reaches code the analysis cannot see (a
	// function value, an interface method), or the function cannot be
	// judged (a parameter of a type that carries no path, or whose type
	// is a type parameter).
	Unknown Use = iota
	// Borrow: the function only uses the parameter; the caller keeps it.
	Borrow
	// Take: the function stores or returns the parameter on some path.
	Take
	// Release: the function removes or stores the parameter on every path.
	Release
	// Keep: the function keeps a path inside the parameter past the call
	// (stores it, hands it to a function that takes it), never the
	// parameter itself: the caller still owns the object, which stays
	// in use.
	Keep
)

// ParamUse returns what fn does with its parameter i: from the facts of a
// function of another package, from the body of a function of this one.
func (r *Result) ParamUse(fn *types.Func, i int) Use {
	fn = fn.Origin()
	if fn.Pkg() == r.pkg {
		if r.releasesParam(fn, i) {
			return Release
		}
		m, ok := r.paramReasons(fn, i)
		switch {
		case !ok:
			return Unknown
		case m&(1<<Stored|1<<Returned) != 0:
			return Take
		case m&(1<<Escaped) != 0:
			return Unknown
		case m&(1<<Kept) != 0:
			return Keep
		}
		return Borrow
	}
	has := func(params []int) bool {
		for _, p := range params {
			if p == i {
				return true
			}
		}
		return false
	}
	if f := r.releasesMemo[fn]; f != nil && has(f.Params) {
		return Release
	}
	if f := r.borrowsMemo[fn]; f != nil && has(f.Params) {
		return Borrow
	}
	if f := r.takesMemo[fn]; f != nil && has(f.Params) {
		return Take
	}
	if f := r.insideMemo[fn]; f != nil && has(f.Params) {
		return Keep
	}
	return Unknown
}

// onlyRemoves reports whether the local function fn releases its parameter
// i only by removing it, never by storing it. For a function of another
// package the facts do not say, and the answer is false.
func (r *Result) onlyRemoves(fn *types.Func, i int) bool {
	if fn.Origin().Pkg() != r.pkg {
		return false
	}
	m, ok := r.paramReasons(fn.Origin(), i)
	return ok && m&(1<<Stored|1<<Returned|1<<Escaped) == 0
}

// paramFacts lists the parameters of the local function fn that carry a
// path or a file and whose use is want, for the borrows and takes facts.
func (r *Result) paramFacts(fn *types.Func, want Use) []int {
	d := r.decls[fn]
	sig, _ := fn.Type().(*types.Signature)
	if d == nil || sig == nil {
		return nil
	}
	var params []int
	for i := 0; i < sig.Params().Len(); i++ {
		if !pathCarrier(sig.Params().At(i).Type()) {
			continue
		}
		if r.ParamUse(fn, i) == want {
			params = append(params, i)
		}
	}
	return params
}

// borrowsOf computes the borrows fact of a function of this package.
func (r *Result) borrowsOf(fn *types.Func) *borrows {
	if p := r.paramFacts(fn, Borrow); p != nil {
		return &borrows{Params: p}
	}
	return nil
}

// takesOf computes the takes fact of a function of this package: the
// parameters it takes, and those it releases by keeping them (storing on
// every path) rather than by removing them, so that callers in other
// packages know the object lives on.
func (r *Result) takesOf(fn *types.Func) *takes {
	p := r.paramFacts(fn, Take)
	for _, i := range r.paramFacts(fn, Release) {
		if !r.onlyRemoves(fn, i) {
			p = append(p, i)
		}
	}
	if p != nil {
		sort.Ints(p)
		return &takes{Params: p}
	}
	return nil
}

// keepsParam reports whether fn, which releases its parameter i, does so
// by keeping it (storing it, returning it, passing it on) rather than by
// removing it only: the object then lives on, and must not be removed on
// the caller's success path.
func (r *Result) keepsParam(fn *types.Func, i int) bool {
	fn = fn.Origin()
	if fn.Pkg() == r.pkg {
		return !r.onlyRemoves(fn, i)
	}
	if f := r.takesMemo[fn]; f != nil {
		for _, p := range f.Params {
			if p == i {
				return true
			}
		}
	}
	return false
}

func (r *Result) returnsOf(fn *types.Func) *returnsTemp {
	return memoized(r, r.returnsMemo, fn, r.computeReturns)
}

func (r *Result) releasesOf(fn *types.Func) *releases {
	return memoized(r, r.releasesMemo, fn, r.computeReleases)
}

// memoized returns the fact of fn in memo, computing it from fn's
// declaration in this package on first use. A function whose computation
// is under way (recursion through its callees) has no fact yet.
func memoized[F any](r *Result, memo map[*types.Func]*F, fn *types.Func, compute func(*types.Func, *ast.FuncDecl) *F) *F {
	if f, ok := memo[fn]; ok {
		return f
	}
	d := r.decls[fn]
	if d == nil || r.busy[fn] {
		return nil
	}
	r.busy[fn] = true
	f := compute(fn, d)
	delete(r.busy, fn)
	memo[fn] = f
	return f
}

// An Assign is a statement that assigns the results of a creation.
type Assign struct {
	Stmt     ast.Node // *ast.AssignStmt or *ast.ValueSpec
	Creation *Creation
	Object   *ast.Ident // nil if the object is not assigned (dropped, or no object)
	Cleanup  *ast.Ident // nil if none
	Err      *ast.Ident // the error result, nil if none
	// Name is the variable holding the name the object was created at,
	// for a creator's own loop over random names (os.OpenFile(name,
	// O_CREATE|O_EXCL, ...)): the file on disk is the object too.
	Name *ast.Ident
}

// AssignOf returns the assignment of the creation call, if stmt is one:
// "x, err := create()", "x, err = create()", "var x, err = create()"; for
// a creation through a pointer argument also the call statement
// "visit(&x)" itself, and "err := visit(&x)".
func (r *Result) AssignOf(stmt ast.Node, c *Creation) *Assign {
	if c.Into != nil {
		return r.outAssign(stmt, c) // outparam.go
	}
	lhs, rhs := pathflow.AssignSides(stmt)
	if lhs == nil {
		return nil
	}
	if len(rhs) != 1 || ast.Unparen(rhs[0]) != ast.Expr(c.Call) {
		return nil
	}
	a := &Assign{Stmt: stmt, Creation: c}
	ident := func(i int) *ast.Ident {
		if i < 0 || i >= len(lhs) {
			return nil
		}
		id, _ := lhs[i].(*ast.Ident)
		return id
	}
	a.Object, a.Cleanup = ident(c.Object), ident(c.Cleanup)
	if c.Object >= 0 && a.Object == nil {
		return nil // stored into a field or element: handed off
	}
	if tv, ok := r.info.Types[c.Call]; ok {
		if tup, ok := tv.Type.(*types.Tuple); ok && tup.Len() == len(lhs) {
			last := tup.At(tup.Len() - 1).Type()
			if isErrorType(last) {
				a.Err = ident(tup.Len() - 1)
			}
		}
	}
	return a
}

// Var returns the variable of an identifier on the left of an assignment,
// or nil for "_" and non-variables.
func (r *Result) Var(id *ast.Ident) *types.Var {
	if id == nil || id.Name == "_" {
		return nil
	}
	if v, ok := r.info.Defs[id].(*types.Var); ok {
		return v
	}
	v, _ := r.info.Uses[id].(*types.Var)
	return v
}

// resultsCFG returns the signature and control-flow graph of a declared
// function with results (a generic one's own body, whose returns every
// instantiation shares): what judging its returns needs. It returns nils
// for any other function.
func (r *Result) resultsCFG(fn *types.Func, d *ast.FuncDecl) (*types.Signature, *cfg.CFG) {
	if d == nil || d.Body == nil {
		return nil, nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() == 0 {
		return nil, nil
	}
	g := r.cfgs.FuncDecl(d)
	if g == nil {
		return nil, nil
	}
	return sig, g
}

// computeReturns decides the returnsTemp fact of a function.
func (r *Result) computeReturns(fn *types.Func, d *ast.FuncDecl) *returnsTemp {
	sig, g := r.resultsCFG(fn, d)
	if g == nil {
		return nil
	}
	var fact *returnsTemp
	paramOf := func(e ast.Expr) int {
		for {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				break
			}
			callee, ok := typeutil.Callee(r.info, call).(*types.Func)
			if !ok || callee.Pkg() == nil || (callee.Pkg().Path() != "path/filepath" && callee.Pkg().Path() != "path") {
				break
			}
			e = call.Args[0]
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if r.info.Uses[id] == sig.Params().At(i) {
				return i
			}
		}
		return -1
	}
	ast.PreorderStack(d.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if fact != nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(stack) == 0 {
			return true
		}
		c := r.Creation(call)
		if c == nil {
			// The function's own loop over random names.
			if a := r.exclusiveAssign(d, call, stack); a != nil {
				dirParam := paramOf(a.Creation.DirArg)
				fact = r.returnedObject(d, sig, g, a, dirParam)
				if fact != nil && dirParam < 0 {
					// A name built away from the call (a variable set in
					// the loop): the default temp dir only if it says so.
					fact.OtherDir = r.OtherDir(a.Creation.DirArg)
				}
				return true
			}
			// An object stored into a variable through a pointer
			// argument (outparam.go).
			if c = r.OutCreation(call); c == nil {
				return true
			}
		}
		dirParam := -1
		if c.DirArg != nil {
			dirParam = paramOf(c.DirArg)
		}
		switch parent := stack[len(stack)-1].(type) {
		case *ast.ReturnStmt:
			// return os.MkdirTemp(dir, pattern)
			if c.Into == nil && len(parent.Results) == 1 && c.Object < sig.Results().Len() && c.Cleanup < sig.Results().Len() {
				fact = &returnsTemp{Kind: c.Kind, Object: c.Object, Cleanup: c.Cleanup, DirParam: dirParam, CallersValue: c.CallersValue, CallersArg: c.CallersArg, BehindArg: c.BehindArg}
			}
		case *ast.AssignStmt, *ast.ValueSpec, *ast.ExprStmt:
			a := r.AssignOf(parent, c)
			if a == nil {
				return true
			}
			fact = r.returnedObject(d, sig, g, a, dirParam)
		}
		if fact != nil && dirParam < 0 {
			fact.OtherDir = c.OtherDir || r.OtherDir(c.DirArg)
		}
		return true
	})
	if fact != nil {
		if found, arg, behind := r.returnsCallersValue(d, sig, fact.Object); found {
			// Still a creator on the paths that create: its callers
			// leak what it made there, but must not be told to remove
			// their own value (tempcleanup words it so, and offers no
			// edit).
			fact.CallersValue = true
			fact.CallersArg = fact.CallersArg || arg
			fact.BehindArg = fact.BehindArg || behind
		}
	}
	return fact
}

// returnsCallersValue reports whether some return of d hands back, at the
// object's result index, a value made from a parameter (the caller's own
// file, "if f, ok := r.(*os.File); ok { return f, nil }"): the caller then
// cannot tell a temp copy from its own file, and removing what it got
// could delete the original (u-root's CopyToFileIfNotRegular returns the
// given file when it is already regular, a temp copy otherwise). arg says
// whether such a value comes from an argument rather than the receiver,
// behind whether it may be one reached from an argument (a field of it, a
// method's result: lor.File()) rather than the argument itself, which a
// caller cannot recognize by comparing with what it passed.
func (r *Result) returnsCallersValue(d *ast.FuncDecl, sig *types.Signature, index int) (found, arg, behind bool) {
	if index < 0 || index >= sig.Results().Len() {
		return false, false, false
	}
	params := make(map[*types.Var]bool)
	for i := 0; i < sig.Params().Len(); i++ {
		params[sig.Params().At(i)] = true
	}
	if recv := sig.Recv(); recv != nil {
		params[recv] = true
	}
	values := make(map[*types.Var][]ast.Expr)
	ast.Inspect(d.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := r.info.ObjectOf(id).(*types.Var)
			if !ok {
				continue
			}
			switch {
			case len(as.Lhs) == len(as.Rhs):
				values[v] = append(values[v], as.Rhs[i])
			case len(as.Rhs) == 1 && i == 0:
				values[v] = append(values[v], as.Rhs[0])
			}
		}
		return true
	})
	// fromParam follows the value itself, not what is built from it: a
	// path joined to a parameter directory is a new name.
	// reached says that e is reached from a parameter through a field or
	// a method, not the parameter's value itself.
	var fromParam func(e ast.Expr, depth int, reached bool) bool
	fromParam = func(e ast.Expr, depth int, reached bool) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, ok := r.info.Uses[x].(*types.Var)
			if !ok {
				return false
			}
			if params[v] {
				if v != sig.Recv() {
					arg = true
					behind = behind || reached
				}
				return true
			}
			if depth == 0 {
				return false
			}
			for _, val := range values[v] {
				if call, ok := ast.Unparen(val).(*ast.CallExpr); ok && r.Creation(call) != nil {
					continue // the temp object itself
				}
				if fromParam(val, depth-1, reached) {
					return true
				}
			}
		case *ast.TypeAssertExpr: // r.(*os.File): the argument itself
			return fromParam(x.X, depth, reached)
		case *ast.SelectorExpr: // s.file
			return fromParam(x.X, depth, true)
		case *ast.CallExpr: // lor.File()
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 {
				if _, isMethod := r.info.Selections[sel]; isMethod {
					return fromParam(sel.X, depth, true)
				}
			}
		}
		return false
	}
	// Every return: one of the receiver's and one of an argument's say
	// different things.
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != sig.Results().Len() {
			return true
		}
		e := ast.Unparen(ret.Results[index])
		if tv, ok := r.info.Types[e]; ok && tv.IsNil() {
			return true
		}
		if fromParam(e, 3, false) {
			found = true
		}
		return true
	})
	return found, arg, behind
}

// ReturnsObject reports whether the function fn returns the object of the
// assigned creation a to its caller on some path: it acts as a creator
// whose caller owns what it returns. A generic function is judged on its
// own body, as its creator loop is (exclusiveLoop): its returns are the
// same in every instantiation.
func (r *Result) ReturnsObject(fn ast.Node, a *Assign) bool {
	d, ok := fn.(*ast.FuncDecl)
	if !ok || d.Body == nil {
		return false
	}
	obj, ok := r.info.Defs[d.Name].(*types.Func)
	if !ok {
		return false
	}
	sig, _ := obj.Type().(*types.Signature)
	g := r.cfgs.FuncDecl(d)
	if sig == nil || g == nil || sig.Results().Len() == 0 {
		return false
	}
	return r.returnedObject(d, sig, g, a, -1) != nil
}

// returnedObject finds the returns reached by the assigned creation a
// before any release, and what they hand to the caller.
func (r *Result) returnedObject(d *ast.FuncDecl, sig *types.Signature, g *cfg.CFG, a *Assign, dirParam int) *returnsTemp {
	obj, cleanup := r.Var(a.Object), r.Var(a.Cleanup)
	if obj == nil && cleanup == nil {
		return nil
	}
	t := r.track(d, a.Creation.Kind, obj, cleanup, keepReturned, nil, r.Var(a.Name))
	leaks := pathflow.Leaks(&pathflow.Query{
		Info: r.info, CFG: g, Creation: a.Stmt, Err: r.Var(a.Err),
		Release: t.Release, Registers: r.Registers, Exit: r.exits.Kind,
		KeepReturned: true, Table: r.Table, Results: sig.Results(),
	})
	for _, l := range leaks {
		ret, ok := l.Node.(*ast.ReturnStmt)
		if !ok || l.Kind != pathflow.Return {
			continue
		}
		f := &returnsTemp{Kind: a.Creation.Kind, Object: -1, Cleanup: -1, DirParam: dirParam}
		if len(ret.Results) == 0 {
			for i, v := range t.results {
				switch {
				case t.names[v]:
					f.Object = i
					if a.Creation.Kind == File {
						f.Kind = Path
					}
				case t.files[v]:
					f.Object = i
				case t.cleanups[v]:
					f.Cleanup = i
				}
			}
		} else if len(ret.Results) == sig.Results().Len() {
			for i, e := range ret.Results {
				switch {
				case t.fileIdent(e):
					f.Object, f.Kind = i, File
				case t.NameExpr(e):
					f.Object = i
					if a.Creation.Kind == File {
						f.Kind = Path
					}
				case t.cleanupIdent(e):
					f.Cleanup = i
				case r.releasingFunc(t, e):
					f.Cleanup = i
				}
			}
		}
		if f.Object >= 0 || f.Cleanup >= 0 {
			f.Closed = f.Kind == File && deferredClose(r.info, d.Body, obj)
			f.CallersValue = a.Creation.CallersValue
			f.CallersArg = a.Creation.CallersArg
			f.BehindArg = a.Creation.BehindArg
			return f
		}
	}
	return nil
}

// deferredClose reports whether body, at its top level, defers v.Close():
// the *os.File in v is closed whenever the function returns, so the file
// it returns is already closed.
func deferredClose(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	if body == nil || v == nil {
		return false
	}
	for _, st := range body.List {
		d, ok := st.(*ast.DeferStmt)
		if !ok {
			continue
		}
		sel, ok := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Close" || len(d.Call.Args) != 0 {
			continue
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == v {
			return true
		}
	}
	return false
}

// releasingFunc reports whether e is a func() literal (or a local variable
// holding one) whose body removes the tracked object.
func (r *Result) releasingFunc(t *Tracker, e ast.Expr) bool {
	tv, ok := r.info.Types[e]
	if !ok || !isCleanupFunc(tv.Type) {
		return false
	}
	var lit *ast.FuncLit
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		lit = e
	case *ast.Ident:
		v, _ := r.info.Uses[e].(*types.Var)
		if v == nil {
			return false
		}
		// Find the literal assigned to v.
		ast.Inspect(t.scopeNode(), func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for i, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && r.Var(id) == v {
						if fl, ok := ast.Unparen(as.Rhs[i]).(*ast.FuncLit); ok {
							lit = fl
						}
					}
				}
			}
			return lit == nil
		})
	}
	if lit == nil {
		return false
	}
	found := false
	ast.PreorderStack(lit.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if found {
			return false
		}
		if reason, _ := t.Classify(n, stack); reason == Removed || reason == Renamed {
			found = true
		}
		return true
	})
	return found
}

// computeReleases decides the releases fact of a function: the
// parameters (paths, files, paths handed over as any) that every path of
// it that returns removes or stores, in its SSA form (paramflow.go).
func (r *Result) computeReleases(fn *types.Func, d *ast.FuncDecl) *releases {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Params().Len() == 0 {
		return nil
	}
	var f *releases
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		switch {
		case pkgtypes.IsOSFile(p.Type()), isString(p.Type()):
		case isStringSlice(p.Type()):
			// A list of paths, removed element by element (elemrange.go).
		case isEmptyInterface(p.Type()):
			// A path handed over as any: v.(string) is the path, and a
			// function that removes it releases it (a path as any is
			// otherwise a value the callee keeps, see Tracker.pathAsAny).
		default:
			continue
		}
		m, ok := r.paramReasons(fn, i)
		if !ok || m&(1<<Removed|1<<Registered|1<<Renamed|1<<Stored) == 0 {
			continue // nothing on any path releases it
		}
		if isEmptyInterface(p.Type()) && m&(1<<Stored|1<<Escaped|1<<Returned) != 0 {
			continue // as any, only a removal on every path counts
		}
		if pf := r.flows[[2]any{fn, i}]; pf != nil && pf.alwaysReleases(pf.root) {
			if f == nil {
				f = new(releases)
			}
			f.Params = append(f.Params, i)
		}
	}
	return f
}

// paramReasons returns the set of reasons (as bits) for which some
// instruction of the local function fn, or of a closure in it, releases
// its parameter i (-1: its receiver), on any path; ok is false if the
// function cannot be judged.
func (r *Result) paramReasons(fn *types.Func, i int) (mask uint, ok bool) {
	key := [2]any{fn, i}
	if m, ok := r.reasonsMemo[key]; ok {
		return m, true
	}
	d := r.decls[fn]
	sig, _ := fn.Type().(*types.Signature)
	if d == nil || sig == nil || i >= sig.Params().Len() {
		return 0, false
	}
	var p *types.Var
	if i >= 0 {
		p = sig.Params().At(i)
	} else if p = sig.Recv(); p == nil {
		return 0, false
	}
	if i >= 0 && pkgtypes.OfTypeParam(p.Type()) {
		// A generic function's body is judged once for every
		// instantiation: what it does with a value of a type parameter
		// depends on the type an instantiation chooses.
		return 0, false
	}
	if !r.loudParam(p) {
		// A parameter the body only uses plainly goes nowhere: no
		// need to build the package's SSA form for it (prepass.go).
		r.reasonsMemo[key] = 0
		return 0, true
	}
	r.reasonsMemo[key] = 0 // cycles
	pf := r.followParam(fn, i)
	if pf == nil {
		delete(r.reasonsMemo, key)
		return 0, false
	}
	r.flows[key] = pf
	r.reasonsMemo[key] = pf.reasons
	return pf.reasons, true
}

// HasImportedCreators reports whether some function called by the package
// from another package returns a temp object.
func (r *Result) HasImportedCreators() bool {
	for fn, f := range r.returnsMemo {
		if f != nil && fn.Pkg() != r.pkg {
			return true
		}
	}
	return false
}
