package execfd

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/assigns"
	"github.com/tmplint/tmplint/internal/fieldflow"
	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/internal/report"
	"github.com/tmplint/tmplint/passes/directives"
	"github.com/tmplint/tmplint/passes/errpred"
	"github.com/tmplint/tmplint/passes/lazyssa"
)

//go:embed doc.go
var doc string

// Analyzer checks the descriptors and lifetimes of child processes.
var Analyzer = &analysis.Analyzer{
	Name:      "execfd",
	Doc:       analysisdoc.Extract(doc, "execfd"),
	URL:       "https://pkg.go.dev/github.com/tmplint/tmplint/analyzers/execfd",
	Requires:  []*analysis.Analyzer{directives.Analyzer, errpred.Analyzer, lazyssa.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(paramUses), new(cmdCreator), new(cmdWrapper), new(reapsAll), new(reapsOnImport)},
}

var strict bool

func init() {
	Analyzer.Flags.BoolVar(&strict, "strict", false, "report every exec.CommandContext whose output goes to a writer that is not a file and whose WaitDelay is unset")
}

const debug = false

func run(pass *analysis.Pass) (any, error) {
	r := report.New(pass, strict)
	defer r.Finish()
	if pkgtypes.ImportsAny(pass.Pkg, "syscall", "golang.org/x/sys/unix") {
		(&checker{pass: pass}).exportReapers()
	}
	if !pkgtypes.ImportsAny(pass.Pkg, "os/exec", "os", "syscall") && !importsCommandMaker(pass.Pkg) {
		return nil, nil
	}
	cfgs := pathflow.NewCFGs(pass.TypesInfo, pass.Files)
	c := &checker{pass: pass, r: r, pred: pass.ResultOf[errpred.Analyzer].(*errpred.Result), uses: make(map[paramKey]paramUse), creators: make(map[*types.Func]bool),
		table: cfgs.Table, cfgs: cfgs}
	if !r.FactsOnly() {
		c.check(pass.Files)
	}
	c.exportFacts(pass.Files)
	c.exportWrappers() // wrapper.go
	return nil, nil
}

// check runs the checks that only report: every function's, then the
// fields'. A driver that keeps only the facts of a package skips them
// (report.FactsOnly); the facts ask what they need themselves.
func (c *checker) check(files []*ast.File) {
	cfgs := c.cfgs
	for _, file := range files {
		if c.r.Generated(file) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			var body *ast.BlockStmt
			var graph func() *cfg.CFG
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body == nil {
					return false
				}
				body, graph = n.Body, func() *cfg.CFG { return cfgs.FuncDecl(n) }
			case *ast.FuncLit:
				body, graph = n.Body, func() *cfg.CFG { return cfgs.FuncLit(n) }
			}
			if body != nil {
				c.function(file, n, body, graph)
			}
			return true
		})
	}
	c.checkFileFields()
	c.checkCommandFields()
}

// importsCommandMaker reports whether a package the package imports
// imports os/exec: it may hand out commands (x/sys/execabs.Command), which
// a package that imports neither os nor os/exec can start and wait for.
func importsCommandMaker(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if pkgtypes.ImportsAny(imp, "os/exec") {
			return true
		}
	}
	return false
}

type checker struct {
	pass      *analysis.Pass
	reapsMemo int // reaper.go: 0 unknown, 1 the package reaps every child, -1 not
	r         *report.Reporter
	pred      *errpred.Result               // the error predicates, for the branches after a start
	table     func(*types.Var) bool         // package-level tables that are never empty (pathflow.CFGs.Table)
	cfgs      *pathflow.CFGs                // the package's control-flow graphs
	fv        *funcValues                   // built on first use
	uses      map[paramKey]paramUse         // what the package's functions do with their arguments
	decls     map[*types.Func]*ast.FuncDecl // built on first use
	owned     *ownedFields                  // built on first use
	// fieldsReported are the command fields that checkStores reported.
	fieldsReported map[*types.Var]bool
	flows          *fieldflow.Flow // the package's SSA value flow, built on first use
	// creators memoizes which functions of the package return a fresh
	// command.
	creators map[*types.Func]bool
	// impls memoizes the package's implementations of its interface
	// methods (implementations.go).
	impls map[*types.Func][]*types.Func
	// setterMemo memoizes the setters a method call may run (setter.go).
	setterMemo map[*types.Func][]*setter
	// wrappers memoizes which struct types of the package wrap a command
	// (wrapper.go).
	wrappers map[*types.TypeName]bool
	// bound are the uses of the package's command method values
	// (boundcall.go), built on first use.
	bound map[token.Pos]*boundUse
	// methodWaitMemo memoizes which methods of wrappers wait for the
	// held command (wrapper.go).
	methodWaitMemo map[*types.Func]bool
	// vars indexes the package's assignments, built on first use
	// (shellprogram.go).
	vars *assigns.Index
	// debugFuncs are the SSA forms, with debug information, of the
	// functions whose local slices are followed (bodyvalues.go), by
	// their syntax; built on first use.
	debugFuncs map[ast.Node]*ssa.Function
	// appenders memoizes which functions of the package append one
	// parameter to another and return it (collections.go); nil values
	// for those that do not.
	appenders map[*types.Func]*sliceAppender
}

// A fun is one function body under analysis.
type fun struct {
	c    *checker
	file *ast.File
	node ast.Node // *ast.FuncDecl or *ast.FuncLit
	body *ast.BlockStmt
	cfg  *cfg.CFG
	// paramStarts are the Starts of the function's *exec.Cmd parameters
	// (paramstart.go).
	paramStarts []paramStart
	// rangeStarts are the starts of a range loop's element over a
	// local slice of fresh commands (rangestart.go).
	rangeStarts []*rangeStart
	cmds        map[*types.Var]*command
	files       map[*types.Var]*file
	procs       []*startProcess
	attrs       map[*types.Var]*ast.CompositeLit // local os.ProcAttr values
	// colls are the local slices holding the function's commands or
	// files (collections.go), vals the SSA form they are found on
	// (bodyvalues.go), noVals set when it was not built.
	colls  *collectionIndex
	vals   *bodyValues
	noVals bool
	// unstored lists starts of a command that is never kept, as in
	// exec.Command("xdg-open", url).Start().
	unstored []*ast.CallExpr
	// forkExecs lists the calls of syscall.ForkExec and
	// syscall.StartProcess, whose child is known by its pid alone
	// (forkexec.go).
	forkExecs []forkExec
	// chained lists calls of exec.CommandContext whose result is used
	// directly, as in exec.CommandContext(ctx, "sh", "-c", s).Output().
	chained []*ast.CallExpr
	// bound are the calls of command method values that are only called,
	// with the selector that made each ("wait := cmd.Wait"), and lparens
	// the body's calls by the position SSA gives them (boundcall.go).
	bound   map[*ast.CallExpr]*ast.SelectorExpr
	lparens map[token.Pos]*ast.CallExpr
	// helperStarts are the calls that hand files of the function to a
	// child through a start helper of the package (helperstart.go).
	helperStarts []helperStart
	// waitLoops are the loops judged by checkWaitLoops (waitloop.go),
	// loops the counting loops that read a slice's elements
	// (countingloop.go).
	waitLoops map[ast.Stmt]bool
	loops     *[]*elemLoop
	// holder is the receiver of a method of a type that holds a command
	// and is not a wrapper: its held command is followed as a wrapper's
	// is (borrowedcmd.go).
	holder *types.Var
}

// A command is a local *exec.Cmd created in the function.
type command struct {
	v          *types.Var
	owned      bool          // created here by exec.Command, exec.CommandContext or a literal
	create     *ast.CallExpr // the exec.Command or exec.CommandContext call, if any
	createStmt ast.Stmt      // the statement that assigns it
	context    bool          // created by exec.CommandContext
	fields     map[string][]ast.Expr
	starts     []*ast.CallExpr // Start, Run, Output, CombinedOutput, outside function literals
	// startNames names what each start does ("Start", "Run", ...), also
	// for a call of a function that starts its argument.
	startNames map[*ast.CallExpr]string
	// takerStarts are the calls of functions that start the command and
	// keep it, or hand it on (a logging wrapper that stores it in its log
	// record): the files handed to the child at them are still the
	// function's (borrowedcmd.go). Their names are in startNames.
	takerStarts []*ast.CallExpr
	kills       bool // Process.Kill or Process.Signal is called
	// collections are the local slices the command is appended to.
	collections []*collection
	// stores are the assignments of the command to a struct field.
	stores []store
	handed bool // escapes other than stores into fields
	// pdeathsig are the assignments cmd.SysProcAttr.Pdeathsig = sig.
	pdeathsig []ast.Node
	outputs   bool // Output or CombinedOutput is called
	pipes     bool // StdoutPipe or StderrPipe is called
	waited    bool // Wait or Process.Wait is called, or Run and friends
	released  bool // Process.Release is called
	escapes   bool // the command or its Process is handed to other code
	// escapesElsewhere: handed on otherwise than by a return of the
	// command, or of a local struct holding it (handoffreturn.go).
	escapesElsewhere bool
	// returned: the command is returned to the caller, itself or in a
	// composite literal; holders are the local variables assigned a
	// composite literal holding it (handoffreturn.go).
	returned bool
	holders  []*types.Var
	// storeHandoffs are the stores of the command, or of its Process,
	// into a field or package-level variable that may hand it on at their
	// node (handoffstore.go).
	storeHandoffs []store
	// handoffs are the returns that give it back and the waits through
	// a holder, when those are its only hand-offs.
	handoffs   map[ast.Node]bool
	startInGo  bool // started in a goroutine (go cmd.Run())
	startedAny bool
	stdinPipe  bool // StdinPipe is called: the child lives as long as the parent holds the pipe
	// procAliases are the local variables assigned cmd.Process: a Wait
	// or Release on them is one on the command (procalias.go).
	procAliases []*types.Var
	// cmdAliases are the local variables assigned the command itself
	// ("current = cmd"; cmdalias.go).
	cmdAliases []*types.Var
	// assigns are the positions where the variable is assigned a command,
	// in source order: a field set or a start belongs to the command of
	// the last assignment before it.
	assigns []token.Pos
}

// gen returns the position of the assignment whose command the node at pos
// uses.
func (c *command) gen(pos token.Pos) token.Pos {
	var g token.Pos
	for _, a := range c.assigns {
		if a <= pos && a > g {
			g = a
		}
	}
	return g
}

// A file is a local *os.File created in the function.
type file struct {
	v       *types.Var
	create  ast.Node
	write   bool       // the write end of an os.Pipe
	read    bool       // the read end of an os.Pipe
	partner *types.Var // the other end of the pipe
}

// A startProcess is a call of os.StartProcess or of another process
// starter (starter.go).
type startProcess struct {
	call  *ast.CallExpr
	name  string // "os.StartProcess", or the starter as written: "env.newProc"
	files []ast.Expr
	proc  *types.Var // the *os.Process result, if kept in a local variable
	// dropped: the *os.Process result is assigned to the blank identifier.
	dropped bool
	// reported: the detached-child rule has reported the start.
	reported bool
}

// function checks one function. Its control-flow graph is built only once
// the function is known to start a command or hand over a file, which
// most functions of a package that imports os/exec do not.
func (c *checker) function(f *ast.File, node ast.Node, body *ast.BlockStmt, graph func() *cfg.CFG) {
	fn := &fun{
		c: c, file: f, node: node, body: body,
		cmds:  make(map[*types.Var]*command),
		files: make(map[*types.Var]*file),
		attrs: make(map[*types.Var]*ast.CompositeLit),
	}
	fn.collectDefs()
	fn.collectBorrowedCmds() // borrowedcmd.go
	fn.collectParamStarts()
	fn.collectRangeStarts()
	fn.collectHelperStarts() // helperstart.go
	if len(fn.cmds) == 0 && len(fn.procs) == 0 && len(fn.chained) == 0 && len(fn.unstored) == 0 && len(fn.paramStarts) == 0 && len(fn.rangeStarts) == 0 && len(fn.forkExecs) == 0 && len(fn.helperStarts) == 0 {
		return
	}
	if fn.cfg = graph(); fn.cfg == nil {
		return
	}
	fn.collectUses()
	fn.checkFiles()
	fn.checkFileCollections()
	fn.checkWaits()
	fn.checkShells()
	fn.checkParamStarts()
	fn.checkRangeStarts()
	fn.checkNumberedFDs()
	fn.checkStdinPipes()
	fn.checkProcessWaits()
	fn.checkSetters()
	fn.checkForkExecs()
}

// walk visits the nodes of the body, with the stack of their ancestors and
// whether they lie in a nested function literal.
func (fn *fun) walk(visit func(n ast.Node, stack []ast.Node, inLit bool) bool) {
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		inLit := false
		for _, s := range stack {
			if _, ok := s.(*ast.FuncLit); ok {
				inLit = true
				break
			}
		}
		return visit(n, stack, inLit)
	})
}

func (fn *fun) info() *types.Info { return fn.c.pass.TypesInfo }

// isMain reports whether the function is the program's main: returning
// from it ends the process, which closes every descriptor and hands the
// children to init.
func (fn *fun) isMain() bool {
	d, ok := fn.node.(*ast.FuncDecl)
	return ok && d.Recv == nil && d.Name.Name == "main" && fn.c.pass.Pkg.Name() == "main"
}

// localVar returns the variable that the identifier defines or assigns, if
// it is declared inside the function body.
func (fn *fun) localVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := fn.info().Defs[id].(*types.Var)
	if v == nil {
		v, _ = fn.info().Uses[id].(*types.Var)
	}
	if v == nil || v.IsField() || v.Pos() < fn.body.Pos() || v.Pos() >= fn.body.End() {
		return nil
	}
	return v
}

// collectDefs finds the commands, files and StartProcess calls of the
// function, outside nested function literals.
func (fn *fun) collectDefs() {
	info := fn.info()
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		var lhs, rhs []ast.Expr
		var stmt ast.Stmt
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs, stmt = n.Lhs, n.Rhs, n
		case *ast.ValueSpec:
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			rhs = n.Values
			if len(stack) >= 2 {
				stmt, _ = stack[len(stack)-2].(*ast.DeclStmt)
			}
		case *ast.CallExpr:
			if files, ok := fn.processStarter(n); ok {
				p := &startProcess{call: n, files: files, name: types.ExprString(n.Fun)}
				if as, ok := stack[len(stack)-1].(*ast.AssignStmt); ok && len(as.Rhs) == 1 && len(as.Lhs) == 2 {
					if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok && id.Name == "_" {
						p.dropped = true
					} else {
						p.proc = fn.localVar(as.Lhs[0])
					}
				}
				fn.procs = append(fn.procs, p)
			}
			fn.collectForkExec(n, stack) // forkexec.go
			if isFunc(info, n, "os/exec", "CommandContext") {
				if sel, ok := stack[len(stack)-1].(*ast.SelectorExpr); ok && sel.X == n {
					fn.chained = append(fn.chained, n)
				}
			}
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Start" {
				if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok && (fn.c.isCallOf(inner, "os/exec", "Command") || fn.c.isCallOf(inner, "os/exec", "CommandContext")) {
					fn.unstored = append(fn.unstored, n)
				}
			}
			return true
		default:
			return true
		}
		if len(lhs) == len(rhs) {
			for i := range lhs {
				fn.define(lhs[i], rhs[i], stmt)
			}
		} else if len(rhs) == 1 {
			if call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr); ok && len(lhs) > 1 && fn.c.isCmdCreatorCall(call) {
				// cmd, err := newCmd(...): a creator that also returns an
				// error (creators.go).
				for _, l := range lhs {
					if v := fn.localVar(l); v != nil && fn.c.isCmdLike(v.Type()) {
						fn.define(l, call, stmt)
					}
				}
			}
			if call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr); ok && isFunc(info, call, "os", "Pipe") && len(lhs) == 3 {
				r, w := fn.localVar(lhs[0]), fn.localVar(lhs[1])
				if r != nil && pkgtypes.IsOSFile(r.Type()) {
					fn.files[r] = &file{v: r, create: n, read: true, partner: w}
				}
				if w != nil && pkgtypes.IsOSFile(w.Type()) {
					fn.files[w] = &file{v: w, create: n, write: true, partner: r}
				}
			} else if ok && fileCreator(info, call) && len(lhs) == 2 {
				if v := fn.localVar(lhs[0]); v != nil && pkgtypes.IsOSFile(v.Type()) {
					fn.files[v] = &file{v: v, create: n}
				}
			}
		}
		return true
	})
}

// define records lhs = rhs when it creates a command, a file or a ProcAttr.
func (fn *fun) define(lhs, rhs ast.Expr, stmt ast.Stmt) {
	v := fn.localVar(lhs)
	if v == nil {
		return
	}
	info := fn.info()
	rhs = ast.Unparen(rhs)
	switch {
	case fn.c.isCmdLike(v.Type()):
		var lit *ast.CompositeLit
		var call *ast.CallExpr
		owned, wrapped := true, false
		switch r := rhs.(type) {
		case *ast.CallExpr:
			switch {
			case fn.c.isCallOf(r, "os/exec", "Command") || fn.c.isCallOf(r, "os/exec", "CommandContext"):
				call = r
			case fn.c.isCmdCreatorCall(r):
				wrapped = true // made by a creator of the package: ours too
			default:
				owned = false // made elsewhere: only the files handed to it are ours
			}
		case *ast.UnaryExpr:
			lit, _ = ast.Unparen(r.X).(*ast.CompositeLit)
		case *ast.CompositeLit:
			lit = r
		default:
			owned = false
		}
		cmd := fn.cmds[v]
		if owned && call == nil && lit == nil && !wrapped {
			if cmd != nil {
				cmd.assigns = append(cmd.assigns, lhs.Pos())
			}
			return
		}
		if cmd == nil {
			cmd = &command{v: v, fields: make(map[string][]ast.Expr), owned: owned, startNames: make(map[*ast.CallExpr]string)}
			fn.cmds[v] = cmd
		}
		cmd.assigns = append(cmd.assigns, lhs.Pos())
		cmd.owned = cmd.owned && owned
		if call != nil {
			cmd.create, cmd.createStmt = call, stmt
			cmd.context = fn.c.isCallOf(call, "os/exec", "CommandContext")
		}
		if lit != nil {
			for _, elt := range lit.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						cmd.fields[id.Name] = append(cmd.fields[id.Name], kv.Value)
					}
				}
			}
		}
	case isProcAttr(v.Type()):
		if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
			rhs = ast.Unparen(u.X)
		}
		if lit, ok := rhs.(*ast.CompositeLit); ok {
			fn.attrs[v] = lit
		}
	case pkgtypes.IsOSFile(v.Type()):
		if call, ok := rhs.(*ast.CallExpr); ok && fileCreator(info, call) {
			fn.files[v] = &file{v: v, create: call}
		}
	}
}

// procAttr returns the composite literal of an os.ProcAttr argument.
func (fn *fun) procAttr(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return e
	case *ast.Ident:
		if v, ok := fn.info().Uses[e].(*types.Var); ok {
			return fn.attrs[v]
		}
	}
	return nil
}

// fieldElems returns the elements of the slice literal given to the field
// of the composite literal.
func fieldElems(info *types.Info, lit *ast.CompositeLit, field string) []ast.Expr {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				return sliceElems(info, kv.Value)
			}
		}
	}
	return nil
}

// sliceElems returns the elements of a slice literal, or of the appended
// values of append(s, x, y).
func sliceElems(info *types.Info, e ast.Expr) []ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		var elems []ast.Expr
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			elems = append(elems, elt)
		}
		return elems
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && !e.Ellipsis.IsValid() && len(e.Args) > 1 {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
				return e.Args[1:]
			}
		}
	}
	return nil
}

// collectUses records what the function does with each command.
func (fn *fun) collectUses() {
	info := fn.info()
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, _ := info.Uses[id].(*types.Var)
		cmd := fn.cmds[v]
		if cmd == nil {
			return true
		}
		parent := stack[len(stack)-1]
		sel, ok := parent.(*ast.SelectorExpr)
		if ok && sel.X == id && fn.heldCmd(sel, v) {
			fn.heldUse(cmd, sel, stack[:len(stack)-1], inLit) // wrapper.go
			return true
		}
		if !ok || sel.X != id {
			// The command itself is used as a value.
			if as, ok := parent.(*ast.AssignStmt); ok && isLHS(as, id) {
				return true // cmd = exec.Command(...)
			}
			if alias := fn.cmdAlias(cmd, id, parent); alias != nil {
				// current = cmd: the variable is the command too
				// (cmdalias.go).
				if !slices.Contains(cmd.cmdAliases, alias) {
					cmd.cmdAliases = append(cmd.cmdAliases, alias)
				}
				return true
			}
			if _, ok := parent.(*ast.StarExpr); ok {
				return true
			}
			if call, ok := parent.(*ast.CallExpr); ok && call.Fun != id {
				if u, known := fn.c.argUse(call, id); known && u&useTakes == 0 {
					if u&useSetsWaitDelay != 0 {
						cmd.fields["WaitDelay"] = append(cmd.fields["WaitDelay"], call)
					}
					fn.usedThrough(cmd, call, u, stack, inLit)
					return true
				} else if known {
					fn.startedByTaker(cmd, call, u, stack, inLit) // borrowedcmd.go
				}
			}
			// Appended to a local slice: the slice holds the duty to wait.
			if col := fn.appendedTo(id); col != nil {
				if !slices.Contains(cmd.collections, col) {
					cmd.collections = append(cmd.collections, col)
				}
				return true
			}
			st := fieldStore(info, id, stack)
			if st != nil {
				cmd.stores = append(cmd.stores, *st)
			} else {
				cmd.handed = true
			}
			cmd.escapes = true
			fn.noteHandoff(cmd, id, stack, st, inLit) // handoffreturn.go
			return true
		}
		var grand ast.Node
		if len(stack) >= 2 {
			grand = stack[len(stack)-2]
		}
		name := sel.Sel.Name
		if as, ok := grand.(*ast.AssignStmt); ok && isLHS(as, sel) {
			if i := indexOf(as.Lhs, sel); i >= 0 && len(as.Lhs) == len(as.Rhs) {
				cmd.fields[name] = append(cmd.fields[name], as.Rhs[i])
			}
			return true
		}
		call, isCall := grand.(*ast.CallExpr)
		if isCall && call.Fun == sel {
			var great ast.Node
			if len(stack) >= 3 {
				great = stack[len(stack)-3]
			}
			_, inGo := great.(*ast.GoStmt)
			switch name {
			case "Start", "Run", "Output", "CombinedOutput", "Wait":
				cmd.noteRun(name, call, inGo, inLit)
			case "StdoutPipe", "StderrPipe":
				cmd.pipes = true
			case "StdinPipe":
				cmd.stdinPipe = true
			default:
				if fn.wrapperWaitCall(sel) { // s.Close() that waits: wrapper.go
					cmd.waited = true
				}
			}
			return true
		}
		switch name {
		case "Process":
			var great ast.Node
			if len(stack) >= 3 {
				great = stack[len(stack)-3]
			}
			if psel, ok := grand.(*ast.SelectorExpr); ok && psel.X == sel {
				if pcall, ok := great.(*ast.CallExpr); ok && pcall.Fun == psel {
					cmd.processCall(psel.Sel.Name)
				} else if psel.Sel.Name == "Wait" || psel.Sel.Name == "Release" || psel.Sel.Name == "Kill" {
					cmd.escapes, cmd.handed, cmd.escapesElsewhere = true, true, true // a method value
				}
				return true
			}
			if bin, ok := grand.(*ast.BinaryExpr); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
				return true // cmd.Process != nil
			}
			if alias := fn.processAlias(sel, grand); alias != nil {
				// current = cmd.Process: the local variable is the child
				// too (procalias.go).
				if !slices.Contains(cmd.procAliases, alias) {
					cmd.procAliases = append(cmd.procAliases, alias)
				}
				return true
			}
			// The Process is handed on: stored in a field, the field's
			// owner must wait for it.
			if st := fieldStore(info, sel, stack[:len(stack)-1]); st != nil {
				cmd.stores = append(cmd.stores, *st)
				cmd.escapes = true
				if inLit {
					cmd.escapesElsewhere = true
				} else {
					cmd.noteStore(st) // handoffstore.go
				}
			} else {
				cmd.escapes, cmd.handed, cmd.escapesElsewhere = true, true, true
			}
		case "Start", "Run", "Wait", "Output", "CombinedOutput":
			if fn.boundValue(cmd, sel, name) { // boundcall.go
				return true
			}
			cmd.escapes, cmd.handed, cmd.escapesElsewhere = true, true, true // a method value, as in g.Go(cmd.Wait)
			cmd.waited = true
		case "SysProcAttr":
			// cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
			if psel, ok := grand.(*ast.SelectorExpr); ok && psel.X == sel && psel.Sel.Name == "Pdeathsig" && len(stack) >= 3 {
				if as, ok := stack[len(stack)-3].(*ast.AssignStmt); ok && isLHS(as, psel) {
					cmd.pdeathsig = append(cmd.pdeathsig, as)
				}
			}
		}
		return true
	})
	fn.collectAliasUses()
	fn.collectCmdAliasUses()
}

// usedThrough records a call of a function of the package that starts or
// waits for the command passed to it.
func (fn *fun) usedThrough(cmd *command, call *ast.CallExpr, u paramUse, stack []ast.Node, inLit bool) {
	var great ast.Node
	if len(stack) >= 2 {
		great = stack[len(stack)-2]
	}
	_, inGo := great.(*ast.GoStmt)
	switch {
	case u&useStarts != 0:
		cmd.startedAny = true
		name := "Start"
		if u&useWaits != 0 {
			name, cmd.waited = "Run", true
		}
		if inGo {
			cmd.startInGo, cmd.waited = true, true
		} else if !inLit {
			cmd.starts = append(cmd.starts, call)
			cmd.startNames[call] = name
		}
	case u&useWaits != 0:
		cmd.waited = true
	}
}

func isLHS(as *ast.AssignStmt, e ast.Expr) bool { return indexOf(as.Lhs, e) >= 0 }

func indexOf(list []ast.Expr, e ast.Expr) int {
	for i, x := range list {
		if x == e {
			return i
		}
	}
	return -1
}

// isFunc reports whether the call calls the package-level function.
func isFunc(info *types.Info, call *ast.CallExpr, path, name string) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name &&
		fn.Type().(*types.Signature).Recv() == nil
}

// fileCreator reports whether the call opens a new *os.File.
func fileCreator(info *types.Info, call *ast.CallExpr) bool {
	for _, name := range []string{"Open", "OpenFile", "Create", "CreateTemp", "NewFile", "OpenInRoot"} {
		if isFunc(info, call, "os", name) {
			return true
		}
	}
	return netFileDup(info, call)
}

// netFileDup reports whether the call is the File method of a listener or
// a connection of package net (TCPListener.File, UnixConn.File): it
// returns a duplicate of the descriptor, which the caller must close.
func netFileDup(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "File" {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "net" {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil
}

func isNamed(t types.Type, path, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// noteRun records a call of the command's Start, Run, Output,
// CombinedOutput or Wait, made directly or through a bound method value
// (boundcall.go): in a go statement (inGo), the child is waited by the
// goroutine; inside a function literal (inLit), the start is not one of
// the function's own.
func (cmd *command) noteRun(name string, call *ast.CallExpr, inGo, inLit bool) {
	if name == "Wait" {
		cmd.waited = true
		return
	}
	cmd.startedAny = true
	if name != "Start" {
		cmd.waited = true
	}
	if name == "Output" || name == "CombinedOutput" {
		cmd.outputs = true
	}
	if inGo {
		cmd.startInGo, cmd.waited = true, true
	} else if !inLit {
		cmd.starts = append(cmd.starts, call)
		cmd.startNames[call] = name
	}
}

func isCmd(t types.Type) bool      { return isNamed(t, "os/exec", "Cmd") }
func isProcAttr(t types.Type) bool { return isNamed(t, "os", "ProcAttr") }

// parentStdio returns "os.Stdout" and the like when e is one of the parent's
// standard files.
func parentStdio(info *types.Info, e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != "os" || v.Parent() != v.Pkg().Scope() {
		return ""
	}
	switch v.Name() {
	case "Stdin", "Stdout", "Stderr":
		return "os." + v.Name()
	}
	return ""
}
