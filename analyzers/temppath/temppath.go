package temppath

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/fiximport"
	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/report"
	"github.com/tmplint/tmplint/internal/rootcause"
	"github.com/tmplint/tmplint/internal/testpar"
	"github.com/tmplint/tmplint/passes/directives"
	"github.com/tmplint/tmplint/passes/lazyinspect"
	"github.com/tmplint/tmplint/passes/lazyssa"
	"github.com/tmplint/tmplint/passes/tempdir"
)

//go:embed doc.go
var doc string

var strict bool // -strict

// Analyzer reports creation at predictable names in shared temp dirs.
var Analyzer = &analysis.Analyzer{
	Name:      "temppath",
	Doc:       analysisdoc.Extract(doc, "temppath"),
	URL:       "https://pkg.go.dev/github.com/tmplint/tmplint/analyzers/temppath",
	Run:       run,
	Requires:  []*analysis.Analyzer{directives.Analyzer, lazyinspect.Analyzer, tempdir.Analyzer, lazyssa.Analyzer},
	FactTypes: []analysis.Fact{new(createsAt), new(createsPkg), new(sharedVar), new(createsField)},
}

func init() {
	Analyzer.Flags.BoolVar(&strict, "strict", false, "strict profile: also O_EXCL creation and non-constant open flags at predictable names")
}

type checker struct {
	pass  *analysis.Pass
	r     *report.Reporter
	paths *tempdir.Result
	facts *creations
	file  *ast.File
	lits  map[string]int // string literal values of the package, for fix safety
	fold  *rootcause.Folder
	// created holds the paths (tempdir.Top.Path) that a creation of the
	// package names; chmods are the chmods of shared temp paths, judged
	// once every creation is known (chmod.go).
	created map[string]bool
	chmods  []pendingChmod
	// inCreation holds the identifiers and literals that are part of a
	// creation's path (fixedname.go), built on first use.
	inCreation map[ast.Node]bool
	// deadMemo holds the package's functions that are used, and ifaceIDs
	// the method ids of its interfaces (deadcode.go), built on first use.
	deadMemo map[*types.Func]bool
	ifaceIDs map[string]bool
	// fuzzOnly holds the code that only seedless fuzz callbacks reach
	// (fuzzonly.go), built on first use.
	fuzzOnly []ast.Node
}

func run(pass *analysis.Pass) (any, error) {
	r := report.New(pass, strict)
	defer r.Finish()
	if pass.TypesInfo == nil {
		return nil, nil
	}
	paths, _ := pass.ResultOf[tempdir.Analyzer].(*tempdir.Result)
	facts := newCreations(pass, paths)
	facts.exportVars()
	facts.exportFuncs()
	if !facts.mayCreate() {
		return nil, nil
	}
	facts.exportAll()
	files := pass.ResultOf[lazyinspect.Analyzer].(*lazyinspect.Inspector)
	c := &checker{pass: pass, r: r, paths: paths, facts: facts, created: make(map[string]bool)}
	c.fold = rootcause.New(pass.Fset, c.report, rootcause.SameDir)
	defer c.fold.Flush()  // before r.Finish: folded findings use their directives
	defer c.checkChmods() // before the fold's flush: they join its directories
	c.checkFieldStores()  // reports, and exports the sharedVar facts of fields
	if r.FactsOnly() {
		return nil, nil // what follows only reports
	}
	for _, file := range pass.Files {
		if r.Generated(file) {
			continue
		}
		c.file = file
		if facts.imports {
			c.checkFieldSets(file) // fieldcreation.go
		}
		if !createsAPath(pass.TypesInfo, file) {
			// No creation to judge here, so no cursors needed: only calls
			// of functions that create at a parameter's path.
			ast.Inspect(file, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					c.checkCallee(call)
				}
				return true
			})
			continue
		}
		fc, ok := files.FileCursor(file)
		if !ok {
			continue
		}
		for cc := range fc.Preorder((*ast.CallExpr)(nil)) {
			node := cc.Node().(*ast.CallExpr)
			call, ok := fscall.Match(pass.TypesInfo, node)
			if !ok {
				c.checkCallee(node)
				continue
			}
			if call.Path == nil {
				continue
			}
			switch call.Kind {
			case fscall.CreateFile, fscall.CreateDir, fscall.Link:
				if !call.Raw {
					c.check(&call, cc.Parent())
				}
			case fscall.Node, fscall.Bind:
				c.check(&call, cc.Parent())
			case fscall.Chmod:
				c.chmod(&call)
			}
		}
	}
	return nil, nil
}

// createsAPath reports whether file calls a creation that names a path: only
// such files need an inspector, for the cursors of the calls.
func createsAPath(info *types.Info, file *ast.File) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if fc, ok := fscall.Match(info, call); ok && fc.Path != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// squat says why a predictable shared temp name is a hazard, per kind of
// creation.
func squat(kind fscall.Kind) string {
	switch kind {
	case fscall.Node:
		return "another local user can create the name first or plant a symlink, and read or feed the data"
	case fscall.Bind:
		return "another local user can bind it first and impersonate the server to its clients, or plant a file to stop it"
	}
	return "another local user can pre-create it or plant a symlink"
}

// remedy names the fix: for a flag's default, a better default; otherwise
// a random name. A file that is run (a mode with execute bits) keeps its
// name and mode in a private directory: os.CreateTemp would make it 0600,
// and its open descriptor would make the exec fail (ETXTBSY). In a test,
// the private directory is the test's own t.TempDir().
func (c *checker) remedy(call *fscall.Call, d tempdir.Path) string {
	if d.Origin.Flag {
		return "default the flag to a path under os.UserCacheDir() or $XDG_RUNTIME_DIR, or to one in a per-run os.MkdirTemp directory"
	}
	switch call.Kind {
	case fscall.CreateFile:
		executable := c.constMode(call.Mode)&0o111 != 0 && c.runsPath(call)
		if tb := testpar.InScope(c.pass.Pkg, call.Call.Pos()); tb != nil && executable {
			return fmt.Sprintf("create it under its name and mode in %s.TempDir() (os.CreateTemp would make it 0600, which cannot be run)", tb.Name())
		}
		if executable {
			return "create it under its name and mode in a directory from os.MkdirTemp (os.CreateTemp would make it 0600, which cannot be run)"
		}
		return "use os.CreateTemp"
	case fscall.CreateDir:
		return "use os.MkdirTemp"
	case fscall.Node:
		return "create the FIFO in a directory from os.MkdirTemp"
	case fscall.Bind:
		return "create the socket in a directory from os.MkdirTemp, or under $XDG_RUNTIME_DIR"
	}
	return "create it in a directory from os.MkdirTemp"
}

// runsPath reports whether the code runs the file it creates: the path
// variable of the creation is, in the function around it, the program of
// exec.Command or exec.CommandContext, the path of os.StartProcess or
// syscall.Exec, or the value of a Path field (exec.Cmd's, or a hook
// configuration's).
func (c *checker) runsPath(call *fscall.Call) bool {
	id, ok := ast.Unparen(call.Path).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || c.file == nil {
		return false
	}
	var fun ast.Node
	ast.Inspect(c.file, func(n ast.Node) bool {
		if d, ok := n.(*ast.FuncDecl); ok && d.Pos() <= call.Call.Pos() && call.Call.End() <= d.End() {
			fun = d
		}
		return fun == nil
	})
	if fun == nil {
		return false
	}
	isV := func(e ast.Expr) bool {
		x, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[x] == v
	}
	runs := false
	ast.Inspect(fun, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(c.pass.TypesInfo, n).(*types.Func)
			if fn == nil || fn.Pkg() == nil || len(n.Args) == 0 {
				break
			}
			arg := 0
			switch [2]string{fn.Pkg().Path(), fn.Name()} {
			case [2]string{"os/exec", "Command"}, [2]string{"os", "StartProcess"}, [2]string{"syscall", "Exec"}, [2]string{"golang.org/x/sys/unix", "Exec"}:
			case [2]string{"os/exec", "CommandContext"}:
				arg = 1
			default:
				arg = -1
			}
			if arg >= 0 && arg < len(n.Args) && isV(n.Args[arg]) {
				runs = true
			}
		case *ast.KeyValueExpr:
			if key, ok := n.Key.(*ast.Ident); ok && key.Name == "Path" && isV(n.Value) {
				runs = true
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Path" && i < len(n.Rhs) && isV(n.Rhs[i]) {
					runs = true
				}
			}
		}
		return !runs
	})
	return runs
}

// constMode returns the constant value of a mode argument, or 0.
func (c *checker) constMode(mode ast.Expr) uint64 {
	if mode == nil {
		return 0
	}
	tv, ok := c.pass.TypesInfo.Types[mode]
	if !ok || tv.Value == nil {
		return 0
	}
	v, ok := constant.Uint64Val(constant.ToInt(tv.Value))
	if !ok {
		return 0
	}
	return v
}

// origin formats where a path that travels was defined: " (const sock at
// a.go:12)", or "" for a path built in place.
func (c *checker) origin(o tempdir.Origin) string {
	if o.What == "" {
		return ""
	}
	if o.Where != "" {
		return fmt.Sprintf(" (%s at %s)", o.What, o.Where)
	}
	p := c.pass.Fset.Position(o.Pos)
	if !p.IsValid() {
		return " (" + o.What + ")"
	}
	return fmt.Sprintf(" (%s at %s:%d)", o.What, filepath.Base(p.Filename), p.Line)
}

func (c *checker) check(call *fscall.Call, parent inspector.Cursor) {
	info := c.pass.TypesInfo
	creates := call.Creates(info)
	if creates == fscall.No || call.Kind == fscall.Bind && creates != fscall.Yes {
		return
	}
	d := c.paths.DescribeWith(call.Path, c.facts.foreign)
	if call.Recv != nil { // an *os.Root method: the name is inside the root
		if c.paths.Classify(call.Recv) != tempdir.Shared {
			return
		}
		d.Loc = tempdir.Shared
	}
	if d.Loc != tempdir.Shared || !d.Predictable || c.inFreshTmpfs(call) {
		if d.Loc == tempdir.Unknown {
			c.checkParamDir(call, parent)
		}
		return
	}
	var fix []analysis.SuggestedFix
	where := c.origin(d.Origin)
	fixed := c.readElsewhere(call, d) // fixedname.go
	hint := c.remedy(call, d)
	switch {
	case fixed:
		hint = fixedRemedy(call)
	case c.persistsAcrossRuns(call):
		fixed = true
		hint = persistentRemedy()
	}
	msg := fmt.Sprintf("%s at a predictable name in shared temp dir%s: %s; %s", call.Name, where, squat(call.Kind), hint)
	switch call.Kind {
	case fscall.CreateFile:
		if creates == fscall.Maybe {
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: call.Call.Pos(), End: call.Call.End(),
				Message: fmt.Sprintf("%s with flags that may include O_CREATE at a predictable name in shared temp dir%s: another local user can pre-create it or plant a symlink; use os.CreateTemp", call.Name, where),
			})
			return
		}
		if call.FlagSet(info, "O_EXCL", "O_EXCL") == fscall.Yes {
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: call.Call.Pos(), End: call.Call.End(),
				Message: fmt.Sprintf("%s with O_EXCL at a predictable name in shared temp dir%s: another local user can create the name first and make it fail; use os.CreateTemp", call.Name, where),
			})
			return
		}
		if call.Recv == nil && (call.Func.Name() == "Create" || call.Func.Name() == "OpenFile" && c.truncates(call)) {
			fix = c.createTempFix(call)
		}
	case fscall.CreateDir:
		if call.Recv == nil {
			fix = c.mkdirTempFix(call, parent)
		}
	}
	if fixed {
		fix = nil
	}
	diag := analysis.Diagnostic{
		Pos: call.Call.Pos(), End: call.Call.End(),
		Message:        msg,
		SuggestedFixes: fix,
	}
	top, ok := c.paths.TopOf(call.Path)
	if call.Recv != nil || !ok {
		c.report(diag)
		return
	}
	c.created[top.Path] = true
	dir := call.Kind == fscall.CreateDir
	c.fold.Add(rootcause.Finding{
		Diag: diag, Scope: rootcause.Scope(c.file, call.Call.Pos()), Top: top,
		MakesTop: dir && (top.Depth == 0 || call.Func.Name() == "MkdirAll"),
		Dir:      dir,
		What:     fmt.Sprintf("%s creates %s", call.Name, rootcause.Describe(call.Path)),
	})
}

// checkCallee reports a call to a function that uses a parameter as a
// creation path (a createsAt fact), with a predictable shared temp path
// for that parameter.
func (c *checker) checkCallee(call *ast.CallExpr) {
	if call.Ellipsis.IsValid() || len(call.Args) == 0 {
		return
	}
	callee := typeutil.StaticCallee(c.pass.TypesInfo, call)
	if callee == nil {
		return
	}
	f := c.facts.of(callee)
	if f == nil {
		return
	}
	for _, pc := range f.Params {
		if pc.Index >= len(call.Args) {
			continue
		}
		arg := call.Args[pc.Index]
		d := c.paths.DescribeWith(arg, c.facts.foreign)
		if d.Loc != tempdir.Shared || !(d.Predictable || pc.Joined && d.PredictableParts) {
			continue
		}
		fix := "pass a path in a directory from os.MkdirTemp"
		switch {
		case d.Origin.Flag:
			fix = "default the flag to a path under os.UserCacheDir() or $XDG_RUNTIME_DIR, or to one in a per-run os.MkdirTemp directory"
		case c.argReadElsewhere(call, arg, d): // fixedname.go
			fix = argFixedRemedy()
		}
		diag := analysis.Diagnostic{
			Pos: arg.Pos(), End: arg.End(),
			Message: fmt.Sprintf("%s creates %s at a predictable name in shared temp dir%s, with %s at %s: another local user can pre-create it or plant a symlink; %s",
				callee.Name(), c.pathDesc(pc), c.origin(d.Origin), pc.Call, pc.Where, fix),
		}
		top, ok := c.paths.TopOf(arg)
		if !ok {
			c.report(diag)
			return
		}
		what := fmt.Sprintf("%s creates %s", callee.Name(), rootcause.Describe(arg))
		if pc.Joined {
			top.Depth++ // a name inside the argument
			top.Path += "/*"
			what = fmt.Sprintf("%s creates a file in %s", callee.Name(), rootcause.Describe(arg))
		}
		mkdir := pc.Call == "os.Mkdir" || pc.Call == "os.MkdirAll"
		c.fold.Add(rootcause.Finding{
			Diag: diag, Scope: rootcause.Scope(c.file, call.Pos()), Top: top,
			MakesTop: pc.Call == "os.MkdirAll" || mkdir && top.Depth == 0,
			Dir:      mkdir && !pc.Joined,
			What:     what,
		})
		return
	}
}

func (c *checker) pathDesc(pc ParamCreation) string {
	if pc.Joined {
		return fmt.Sprintf("a file inside argument %d", pc.Index+1)
	}
	return fmt.Sprintf("argument %d", pc.Index+1)
}

// truncates reports whether the constant open flags are those of a fresh
// file: O_CREATE|O_TRUNC without O_APPEND.
func (c *checker) truncates(call *fscall.Call) bool {
	info := c.pass.TypesInfo
	return call.FlagSet(info, "O_TRUNC", "O_TRUNC") == fscall.Yes &&
		call.FlagSet(info, "O_APPEND", "O_APPEND") == fscall.No
}

// split decomposes a shared temp path written in place into the text of
// the directory argument for os.CreateTemp or os.MkdirTemp and the
// constant name: filepath.Join(os.TempDir(), "x.log"), os.TempDir() +
// "/x.log", "/tmp/x.log".
func (c *checker) split(p ast.Expr) (dir, name string, ok bool) {
	info := c.pass.TypesInfo
	p = ast.Unparen(p)
	switch p := p.(type) {
	case *ast.BasicLit:
		s, ok := stringLit(p)
		if !ok {
			return "", "", false
		}
		d, n := path.Split(s)
		d = path.Clean(d)
		if !isRoot(d) {
			return "", "", false
		}
		return strconv.Quote(d), n, n != ""
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, p).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Name() != "Join" || len(p.Args) != 2 ||
			(fn.Pkg().Path() != "path/filepath" && fn.Pkg().Path() != "path") {
			return "", "", false
		}
		lit, ok := ast.Unparen(p.Args[1]).(*ast.BasicLit)
		if !ok {
			return "", "", false
		}
		n, ok := stringLit(lit)
		if !ok || strings.Contains(n, "/") {
			return "", "", false
		}
		d, ok := c.rootDir(p.Args[0])
		return d, n, ok
	case *ast.BinaryExpr:
		if p.Op != token.ADD {
			return "", "", false
		}
		lit, ok := ast.Unparen(p.Y).(*ast.BasicLit)
		if !ok {
			return "", "", false
		}
		s, ok := stringLit(lit)
		if !ok || !strings.HasPrefix(s, "/") || strings.Contains(s[1:], "/") {
			return "", "", false
		}
		d, ok := c.rootDir(p.X)
		return d, s[1:], ok
	}
	return "", "", false
}

// rootDir returns the directory argument for a shared temp root written
// as os.TempDir(), os.Getenv("TMPDIR") or a root literal such as "/tmp".
func (c *checker) rootDir(e ast.Expr) (string, bool) {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.BasicLit); ok {
		if s, ok := stringLit(lit); ok && isRoot(path.Clean(s)) {
			return lit.Value, true
		}
		return "", false
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return "", false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "os" {
		return "", false
	}
	switch fn.Name() {
	case "TempDir":
		return `""`, true
	case "Getenv":
		if tv, ok := info.Types[call.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String &&
			constant.StringVal(tv.Value) == "TMPDIR" {
			return `""`, true // an empty TMPDIR means the default, as for os.CreateTemp("")
		}
	}
	return "", false
}

func stringLit(lit *ast.BasicLit) (string, bool) {
	if lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

func isRoot(dir string) bool {
	return dir == "/tmp" || dir == "/var/tmp" || dir == "/dev/shm"
}

// pattern turns a name into an os.CreateTemp pattern: x.log → x-*.log.
func pattern(name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "*/") || name == "." || name == ".." {
		return "", false
	}
	ext := path.Ext(name)
	base := strings.TrimSuffix(name, ext)
	if base == "" { // ".hidden"
		return name + "-*", true
	}
	return base + "-*" + ext, true
}

// unique reports whether the name appears in exactly one string literal
// of the package: the rewritten path. Code that recomputes the path from
// the same name elsewhere would miss the random name of the rewrite.
func (c *checker) unique(name string) bool {
	if c.lits == nil {
		c.lits = make(map[string]int)
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok {
					if s, ok := stringLit(lit); ok {
						c.lits[s]++
					}
				}
				return true
			})
		}
	}
	count := 0
	for s, n := range c.lits {
		if strings.Contains(s, name) {
			count += n
		}
	}
	return count == 1
}

// createTempFix rewrites os.Create(shared/name) as os.CreateTemp(dir, pattern).
func (c *checker) createTempFix(call *fscall.Call) []analysis.SuggestedFix {
	dir, name, ok := c.split(call.Path)
	if !ok || !c.unique(name) {
		return nil
	}
	pat, ok := pattern(name)
	if !ok {
		return nil
	}
	osName, edits, ok := fiximport.Name(c.pass.TypesInfo, c.file, call.Call.Pos(), "os")
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{
		Pos: call.Call.Pos(), End: call.Call.End(),
		NewText: fmt.Appendf(nil, "%s.CreateTemp(%s, %s)", osName, dir, strconv.Quote(pat)),
	})
	// filepath.Join may have been the file's last use of filepath.
	if edits, ok = fiximport.Drop(c.pass.TypesInfo, c.pass.Fset, c.file, edits); !ok {
		return nil
	}
	return []analysis.SuggestedFix{fixclass.ChangesFix(fmt.Sprintf("use os.CreateTemp with pattern %q", pat), fixclass.RandomName, edits...)}
}

// mkdirTempFix rewrites
//
//	dir := shared/name
//	if err := os.MkdirAll(dir, mode); err != nil {
//
// as
//
//	dir, err := os.MkdirTemp(root, "name-*")
//	if err != nil {
//
// when dir is a local variable assigned only there, declared in the
// statement right before, and err is not otherwise declared in the block.
func (c *checker) mkdirTempFix(call *fscall.Call, parent inspector.Cursor) []analysis.SuggestedFix {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(call.Path).(*ast.Ident)
	if !ok {
		return nil
	}
	// The call is the init statement of an if: if err := os.MkdirAll(dir, m); err != nil {
	assign, ok := parent.Node().(*ast.AssignStmt)
	if !ok || assign.Tok != token.DEFINE || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 || ast.Unparen(assign.Rhs[0]) != call.Call {
		return nil
	}
	errID, ok := assign.Lhs[0].(*ast.Ident)
	if !ok || errID.Name == "_" {
		return nil
	}
	ifStmt, ok := parent.Parent().Node().(*ast.IfStmt)
	if !ok || ifStmt.Init != assign {
		return nil
	}
	blockCur := parent.Parent().Parent()
	block, ok := blockCur.Node().(*ast.BlockStmt)
	if !ok {
		return nil
	}
	scope := info.Scopes[block]
	switch fn := blockCur.Parent().Node().(type) { // a function body's scope is its type's
	case *ast.FuncDecl:
		scope = info.Scopes[fn.Type]
	case *ast.FuncLit:
		scope = info.Scopes[fn.Type]
	}
	i := indexOf(block.List, ifStmt)
	if i < 1 {
		return nil
	}
	decl, ok := block.List[i-1].(*ast.AssignStmt)
	if !ok || decl.Tok != token.DEFINE || len(decl.Lhs) != 1 || len(decl.Rhs) != 1 {
		return nil
	}
	declID, ok := decl.Lhs[0].(*ast.Ident)
	if !ok || info.Defs[declID] == nil || info.Defs[declID] != info.Uses[id] {
		return nil
	}
	v := info.Defs[declID]
	// dir is assigned nowhere else, and the block declares no other err.
	assigned := false
	ast.Inspect(c.file, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as != decl {
			for _, l := range as.Lhs {
				if lid, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(lid) == v {
					assigned = true
				}
			}
		}
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if lid, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[lid] == v {
				assigned = true
			}
		}
		return !assigned
	})
	if assigned {
		return nil
	}
	if scope == nil || scope.Lookup(errID.Name) != nil {
		return nil
	}
	dir, name, ok := c.split(decl.Rhs[0])
	if !ok || !c.unique(name) {
		return nil
	}
	if _, ok := pattern(name); !ok {
		return nil
	}
	pat := name + "-*"
	osName, edits, ok := fiximport.Name(c.pass.TypesInfo, c.file, call.Call.Pos(), "os")
	if !ok {
		return nil
	}
	edits = append(edits,
		analysis.TextEdit{Pos: decl.Pos(), End: decl.End(),
			NewText: fmt.Appendf(nil, "%s, %s := %s.MkdirTemp(%s, %s)", declID.Name, errID.Name, osName, dir, strconv.Quote(pat))},
		analysis.TextEdit{Pos: assign.Pos(), End: ifStmt.Cond.Pos()}, // drop the init statement and its semicolon
	)
	if edits, ok = fiximport.Drop(c.pass.TypesInfo, c.pass.Fset, c.file, edits); !ok {
		return nil
	}
	return []analysis.SuggestedFix{fixclass.ChangesFix(fmt.Sprintf("use os.MkdirTemp with pattern %q", pat), fixclass.RandomName, edits...)}
}

func indexOf(list []ast.Stmt, s ast.Stmt) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
