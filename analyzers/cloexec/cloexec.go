package cloexec

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/internal/report"
	"github.com/tmplint/tmplint/passes/directives"
)

//go:embed doc.go
var doc string

// Analyzer reports descriptors created without close-on-exec.
var Analyzer = &analysis.Analyzer{
	Name:      "cloexec",
	Doc:       analysisdoc.Extract(doc, "cloexec"),
	URL:       "https://pkg.go.dev/github.com/tmplint/tmplint/analyzers/cloexec",
	Requires:  []*analysis.Analyzer{directives.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(startsProcess), new(registersEntry), new(startsProcessFunc)},
}

var strict bool

func init() {
	Analyzer.Flags.BoolVar(&strict, "strict", false, "also report calls whose flags are not constant")
}

const (
	syscallPath = "syscall"
	unixPath    = "golang.org/x/sys/unix"
)

// A flagRule describes a call that takes a flags argument in which the
// close-on-exec flag must be set.
type flagRule struct {
	arg   int    // index of the flags argument
	flag  string // name of the close-on-exec flag in the callee's package
	newfd int    // index of the target descriptor of a dup, or -1
}

var flagRules = map[string]flagRule{
	"Open":          {1, "O_CLOEXEC", -1},
	"Openat":        {2, "O_CLOEXEC", -1},
	"Socket":        {1, "SOCK_CLOEXEC", -1},
	"Socketpair":    {1, "SOCK_CLOEXEC", -1},
	"Accept4":       {1, "SOCK_CLOEXEC", -1},
	"Pipe2":         {1, "O_CLOEXEC", -1},
	"Dup3":          {2, "O_CLOEXEC", 1},
	"EpollCreate1":  {0, "EPOLL_CLOEXEC", -1},
	"InotifyInit1":  {0, "IN_CLOEXEC", -1},
	"Eventfd":       {1, "EFD_CLOEXEC", -1},
	"MemfdCreate":   {1, "MFD_CLOEXEC", -1},
	"Signalfd":      {2, "SFD_CLOEXEC", -1},
	"TimerfdCreate": {1, "TFD_CLOEXEC", -1},
	"FanotifyInit":  {0, "FAN_CLOEXEC", -1},
}

// A variant describes a call that cannot set close-on-exec, and the call
// that replaces it.
type variant struct {
	name string // the close-on-exec variant
	flag string // the flag it takes
}

var variants = map[string]variant{
	"Accept":      {"Accept4", "SOCK_CLOEXEC"},
	"Pipe":        {"Pipe2", "O_CLOEXEC"},
	"EpollCreate": {"EpollCreate1", "EPOLL_CLOEXEC"},
	"InotifyInit": {"InotifyInit1", "IN_CLOEXEC"},
	"Dup2":        {"Dup3", "O_CLOEXEC"},
	"Creat":       {"Open", "O_CLOEXEC"},
	"Dup":         {"FcntlInt", "F_DUPFD_CLOEXEC"},
}

var rawSyscalls = map[string]bool{
	"Syscall": true, "Syscall6": true, "RawSyscall": true, "RawSyscall6": true,
}

func run(pass *analysis.Pass) (any, error) {
	r := report.New(pass, strict)
	defer r.Finish()
	starts := programStarts(pass)
	c := &checker{pass: pass, r: r, handsOff: make(map[ast.Node]bool), later: make(map[ast.Node]later)}
	c.starts = starts
	if pkgtypes.ImportsAny(pass.Pkg, "os") {
		c.exportEntryRegistries() // entry.go
	}
	if path := pass.Pkg.Path(); starts && pass.Pkg.Name() != "main" && !pkgtypes.IsStd(path) && !xsys(path) {
		c.exportFuncStarts() // funcstarts.go: programStarts said so
	}
	if !pkgtypes.ImportsAny(pass.Pkg, syscallPath, unixPath) {
		return nil, nil
	}
	c.noChild = pass.Pkg.Name() == "main" && (!starts || !mainProgramStarts(pass))
	for _, file := range pass.Files {
		if c.r.Generated(file) {
			continue
		}
		// The stack holds n's ancestors, the file first.
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				c.call(call, outermostFunc(stack), stack[len(stack)-1])
			}
			return true
		})
	}
	return nil, nil
}

// outermostFunc returns the declaration or literal of the outermost function
// around the top of the stack, or nil at package level.
func outermostFunc(stack []ast.Node) ast.Node {
	for _, n := range stack {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return n
		}
	}
	return nil
}

type checker struct {
	pass     *analysis.Pass
	r        *report.Reporter
	handsOff map[ast.Node]bool // memo of startsChild per function
	later    map[ast.Node]later
	noChild  bool // a main package whose program (its non-test files) starts no process
	starts   bool // the package, or one it imports, may start a process
	window        // what may start a process while a descriptor is open
	// buildsFor memoizes packageMayBuildFor per GOOS.
	buildsFor map[string]bool
	// entryMemo holds the package's functions registered as the program
	// of a re-executed process (entry.go).
	entryMemo map[*types.Func]bool
}

// later says what a function does about close-on-exec after creating
// descriptors: whether it sets the flag (CloseOnExec, fcntl F_SETFD with
// FD_CLOEXEC) and whether it holds syscall.ForkLock, which makes the
// create-then-set sequence atomic with respect to os/exec and syscall.ForkExec.
type later struct {
	setOn    []ast.Expr // the descriptor arguments of the calls that set the flag
	forkLock bool
}

// A call site of a syscall or unix function.
type site struct {
	call *ast.CallExpr
	fn   *types.Func
	pkg  *types.Package
	name string // how the source names the package ("unix."), for messages
	qual string // the qualifier fixes use, "" under a dot import or inside the package
	fix  bool   // whether fixes can name the package's identifiers
	fun  ast.Node
	// parent is the parent node of the call.
	parent ast.Node
}

func (c *checker) call(call *ast.CallExpr, fun, parent ast.Node) {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	if path := fn.Pkg().Path(); path != syscallPath && path != unixPath {
		return
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() != nil || call.Ellipsis.IsValid() || len(call.Args) != sig.Params().Len() {
		return
	}
	if fn.Pkg() == c.pass.Pkg {
		// The package itself implementing its API (syscall.Pipe is
		// Pipe2(p, 0)): the callers choose the flags.
		return
	}
	s := &site{call: call, fn: fn, pkg: fn.Pkg(), fun: fun, parent: parent}
	s.qual, s.fix = c.qualifier(call, fn.Pkg())
	s.name = s.qual
	if s.name == "" {
		s.name = fn.Pkg().Name() + "."
	}
	name := fn.Name()
	if rule, ok := flagRules[name]; ok {
		c.flagCall(s, rule)
		return
	}
	if v, ok := variants[name]; ok {
		c.variantCall(s, v)
		return
	}
	switch {
	case name == "Openat2":
		c.openat2(s)
	case name == "FcntlInt":
		c.fcntl(s, call.Args[0], call.Args[1], call.Args[2])
	case rawSyscalls[name] && len(call.Args) >= 4:
		if sys, ok := pkgConst(s.pkg, "SYS_FCNTL"); ok {
			if trap, ok := c.constant(call.Args[0]); ok && trap == sys {
				c.fcntl(s, call.Args[1], call.Args[2], call.Args[3])
			}
		}
	}
}

// qualifier returns the text that names the package of the callee in fixes,
// and whether fixes can name it at all.
func (c *checker) qualifier(call *ast.CallExpr, pkg *types.Package) (string, bool) {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if id, ok := fun.X.(*ast.Ident); ok {
			if pn, ok := c.pass.TypesInfo.Uses[id].(*types.PkgName); ok && pn.Imported() == pkg {
				return id.Name + ".", true
			}
		}
	case *ast.Ident:
		// A dot import, or a call inside the package itself.
		return "", true
	}
	return "", false
}

// A tristate is the answer to "is the bit set": yes, no, or unknown.
type tristate int

const (
	unknown tristate = iota
	yes
	no
)

// hasBit tells whether the integer expression e has the bit set: exactly
// when e is constant, and through |, &^ and conversions when it is not.
func (c *checker) hasBit(e ast.Expr, bit uint64) tristate {
	if v, ok := c.constant(e); ok {
		if v&bit != 0 {
			return yes
		}
		return no
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.OR:
			x, y := c.hasBit(e.X, bit), c.hasBit(e.Y, bit)
			switch {
			case x == yes || y == yes:
				return yes
			case x == no && y == no:
				return no
			}
		case token.AND_NOT:
			if c.hasBit(e.Y, bit) == yes {
				return no
			}
		}
	case *ast.CallExpr:
		// A conversion such as uintptr(flags).
		if tv, ok := c.pass.TypesInfo.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return c.hasBit(e.Args[0], bit)
		}
	}
	return unknown
}

// constant returns the value of a constant integer expression, as the bits
// of its two's complement representation.
func (c *checker) constant(e ast.Expr) (uint64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	return bits(tv.Value)
}

func bits(v constant.Value) (uint64, bool) {
	v = constant.ToInt(v)
	if v.Kind() != constant.Int {
		return 0, false
	}
	if u, ok := constant.Uint64Val(v); ok {
		return u, true
	}
	if i, ok := constant.Int64Val(v); ok {
		return uint64(i), true
	}
	return 0, false
}

// pkgConst returns the value of the package's integer constant with the name.
func pkgConst(pkg *types.Package, name string) (uint64, bool) {
	k, ok := pkg.Scope().Lookup(name).(*types.Const)
	if !ok {
		return 0, false
	}
	return bits(k.Val())
}

// hasFunc reports whether the package has a function with the name.
func hasFunc(pkg *types.Package, name string) bool {
	_, ok := pkg.Scope().Lookup(name).(*types.Func)
	return ok
}

func (s *site) windows() bool {
	sig := s.fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 {
		return false
	}
	named, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Named)
	return ok && named.Obj().Name() == "Handle"
}

func (c *checker) flagCall(s *site, rule flagRule) {
	bit, ok := pkgConst(s.pkg, rule.flag)
	if !ok || bit == 0 {
		return // the platform has no such flag
	}
	call := s.call
	if s.fn.Name() == "Signalfd" {
		// Only Signalfd(-1, …) creates a descriptor.
		if v, ok := c.constant(call.Args[0]); !ok || int64(v) != -1 {
			return
		}
	}
	if rule.newfd >= 0 && (c.isStdio(call.Args[rule.newfd]) || c.startsChild(s.fun)) {
		return
	}
	arg := call.Args[rule.arg]
	state := c.hasBit(arg, bit)
	if state == yes {
		return
	}
	fixes := c.addFlag(s, arg, rule.flag)
	flag := s.name + rule.flag
	if state == unknown {
		if c.isParam(s.fun, arg) {
			return // the caller chooses the flags
		}
		c.r.ReportStrict(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("the flags of %s%s are not constant and may lack %s: set %s so that child processes do not inherit the descriptor",
				s.name, s.fn.Name(), rule.flag, flag),
			SuggestedFixes: fixes,
		})
		return
	}
	if c.excusedLater(s, fixes) {
		return
	}
	if lack := c.unportable(s, rule.flag); !lack.empty() {
		// The flag may not compile everywhere this file does.
		c.report(s, analysis.Diagnostic{Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("%s%s without %s creates a descriptor that every child process started meanwhile inherits: add %s where the platform has it, in a file built only there; %s it: there, hold %sForkLock.RLock() around the call and %sCloseOnExec",
				s.name, s.fn.Name(), rule.flag, flag, lack.clause(), syscallName(s), syscallName(s)) + c.handoffNote(s)})
		return
	}
	var msg string
	switch {
	case s.windows():
		msg = fmt.Sprintf("%s%s without %s creates an inheritable handle that child processes can inherit: add %s to the flags",
			s.name, s.fn.Name(), rule.flag, flag)
	case rule.newfd >= 0:
		msg = fmt.Sprintf("%s%s without %s makes a descriptor that every child process inherits: add %s, or start a child in this function if it is meant to inherit it",
			s.name, s.fn.Name(), rule.flag, flag)
	default:
		msg = fmt.Sprintf("%s%s without %s creates a descriptor that every child process started meanwhile inherits: add %s to the flags",
			s.name, s.fn.Name(), rule.flag, flag)
	}
	c.report(s, analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg + c.handoffNote(s), SuggestedFixes: fixes})
}

// handoffNote is what the message adds when the child is told the
// descriptor's number and relies on inheriting it.
func (c *checker) handoffNote(s *site) string {
	if !c.numberToChild(s) {
		return ""
	}
	return "; a child started here is told its number and inherits it, so hand it over through ExtraFiles (the child's descriptor 3 onward) and pass that number instead"
}

// addFlag returns the fix that adds the flag to the flags expression.
func (c *checker) addFlag(s *site, arg ast.Expr, flag string) []analysis.SuggestedFix {
	if !s.fix || c.numberToChild(s) {
		return nil
	}
	text := s.qual + flag
	edit := analysis.TextEdit{Pos: arg.End(), End: arg.End(), NewText: []byte("|" + text)}
	if v, ok := c.constant(arg); ok && v == 0 {
		if lit, ok := ast.Unparen(arg).(*ast.BasicLit); ok {
			edit = analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(text)}
		}
	}
	return []analysis.SuggestedFix{fixclass.SafeFix("Add "+text, edit)}
}

func (c *checker) variantCall(s *site, v variant) {
	call := s.call
	if !hasFunc(s.pkg, v.name) && s.fn.Name() != "Dup" {
		return // the platform has no close-on-exec variant
	}
	if _, ok := pkgConst(s.pkg, v.flag); !ok {
		return
	}
	name := s.fn.Name()
	if c.forwards(s) {
		return // the callers choose between the call and its variant
	}
	if name == "Dup2" && (c.isStdio(call.Args[1]) || c.startsChild(s.fun)) {
		return
	}
	if name == "Dup2" {
		if _, ok := c.constant(call.Args[1]); !ok {
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(),
				Message: fmt.Sprintf("%sDup2 onto a descriptor that may not be standard input, output or error makes it inheritable by every child process: use %sDup3(oldfd, newfd, %sO_CLOEXEC)",
					s.name, s.name, s.name),
				SuggestedFixes: c.switchTo(s, v),
			})
			return
		}
	}
	if name != "Dup2" && c.excusedLater(s, c.switchTo(s, v)) {
		return
	}
	what := "creates a descriptor without close-on-exec"
	if name == "Dup2" {
		what = "makes a copy without close-on-exec"
	}
	var use string
	switch name {
	case "Creat":
		use = fmt.Sprintf("%sOpen(path, %sO_CREAT|%sO_WRONLY|%sO_TRUNC|%sO_CLOEXEC, mode)", s.name, s.name, s.name, s.name, s.name)
	case "Dup":
		use = "unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)"
		if s.pkg.Path() == syscallPath {
			use += " from golang.org/x/sys/unix"
		}
	case "Accept":
		use = fmt.Sprintf("%sAccept4(fd, %sSOCK_CLOEXEC)", s.name, s.name)
	case "Pipe":
		use = fmt.Sprintf("%sPipe2(p, %sO_CLOEXEC)", s.name, s.name)
	case "EpollCreate":
		use = fmt.Sprintf("%sEpollCreate1(%sEPOLL_CLOEXEC)", s.name, s.name)
	case "InotifyInit":
		use = fmt.Sprintf("%sInotifyInit1(%sIN_CLOEXEC)", s.name, s.name)
	case "Dup2":
		use = fmt.Sprintf("%sDup3(oldfd, newfd, %sO_CLOEXEC)", s.name, s.name)
	}
	if lack := c.unportable(s, v.name); !lack.empty() {
		// The variant may not compile everywhere this file does.
		missing := v.name
		if name == "Dup" {
			missing = "F_DUPFD_CLOEXEC"
		}
		c.report(s, analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("%s%s %s, so every child process started meanwhile inherits it: use %s where the platform has it, in a file built only there; %s %s: there, hold %sForkLock.RLock() around the call and %sCloseOnExec",
				s.name, name, what, use, lack.clause(), missing, syscallName(s), syscallName(s)) + c.handoffNote(s),
		})
		return
	}
	c.report(s, analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: fmt.Sprintf("%s%s %s, so every child process started meanwhile inherits it: use %s",
			s.name, name, what, use) + c.handoffNote(s),
		SuggestedFixes: c.switchTo(s, v),
	})
}

// switchTo returns the fix that replaces the call by its close-on-exec variant.
func (c *checker) switchTo(s *site, v variant) []analysis.SuggestedFix {
	call := s.call
	if !s.fix || !hasFunc(s.pkg, v.name) || c.numberToChild(s) {
		return nil
	}
	var sel *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		sel = fun.Sel
	case *ast.Ident:
		sel = fun
	default:
		return nil
	}
	q := s.qual
	edits := []analysis.TextEdit{{Pos: sel.Pos(), End: sel.End(), NewText: []byte(v.name)}}
	insert := func(pos token.Pos, text string) {
		edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	}
	args := call.Args
	switch s.fn.Name() {
	case "Creat":
		insert(args[0].End(), fmt.Sprintf(", %sO_CREAT|%sO_WRONLY|%sO_TRUNC|%sO_CLOEXEC", q, q, q, q))
	case "Dup":
		insert(args[0].Pos(), "uintptr(")
		insert(args[0].End(), fmt.Sprintf("), %sF_DUPFD_CLOEXEC, 0", q))
	case "EpollCreate":
		edits = append(edits, analysis.TextEdit{Pos: args[0].Pos(), End: args[0].End(), NewText: []byte(q + v.flag)})
	case "InotifyInit":
		insert(call.Rparen, q+v.flag)
	default: // Accept, Pipe, Dup2: append the flag
		insert(args[len(args)-1].End(), ", "+q+v.flag)
	}
	msg := fmt.Sprintf("Use %s%s", q, v.name)
	if s.fn.Name() == "Dup2" {
		// dup2(fd, fd) succeeds and does nothing; dup3(fd, fd, flags)
		// fails with EINVAL.
		return []analysis.SuggestedFix{fixclass.ChangesFix(msg, "Dup3 fails with EINVAL when oldfd equals newfd, where Dup2 succeeds", edits...)}
	}
	return []analysis.SuggestedFix{fixclass.SafeFix(msg, edits...)}
}

// openat2 checks the Flags of the OpenHow passed to Openat2.
func (c *checker) openat2(s *site) {
	bit, ok := pkgConst(s.pkg, "O_CLOEXEC")
	if !ok {
		return
	}
	call := s.call
	arg := ast.Unparen(call.Args[2])
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = ast.Unparen(u.X)
	}
	if id, ok := arg.(*ast.Ident); ok {
		if lit := c.onlyValue(s.fun, id); lit != nil {
			arg = lit // how := unix.OpenHow{...}; unix.Openat2(dir, path, &how)
		}
	}
	lit, ok := arg.(*ast.CompositeLit)
	if !ok {
		c.r.ReportStrict(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("cannot tell whether the OpenHow of %sOpenat2 has O_CLOEXEC: set %sO_CLOEXEC in its Flags so that child processes do not inherit the descriptor",
				s.name, s.name),
		})
		return
	}
	var flags ast.Expr
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Flags" {
				flags = kv.Value
			}
		}
	}
	var fixes []analysis.SuggestedFix
	state := no
	text := s.qual + "O_CLOEXEC"
	switch {
	case flags != nil:
		state = c.hasBit(flags, bit)
		fixes = c.addFlag(s, flags, "O_CLOEXEC")
	case len(lit.Elts) == 0:
		fixes = []analysis.SuggestedFix{fixclass.SafeFix("Add "+text,
			analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte("Flags: " + text)})}
	default:
		if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
			fixes = []analysis.SuggestedFix{fixclass.SafeFix("Add "+text,
				analysis.TextEdit{Pos: lit.Elts[0].Pos(), End: lit.Elts[0].Pos(), NewText: []byte("Flags: " + text + ", ")})}
		}
	}
	if !s.fix {
		fixes = nil
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), SuggestedFixes: fixes}
	switch state {
	case yes:
		return
	case unknown:
		d.Message = fmt.Sprintf("the Flags of the OpenHow of %sOpenat2 are not constant and may lack O_CLOEXEC: set %sO_CLOEXEC so that child processes do not inherit the descriptor",
			s.name, s.name)
		c.r.ReportStrict(d)
		return
	}
	d.Message = fmt.Sprintf("%sOpenat2 without O_CLOEXEC in the OpenHow's Flags creates a descriptor that every child process started meanwhile inherits: add %sO_CLOEXEC",
		s.name, s.name)
	c.report(s, d)
}

// onlyValue returns the composite literal that the local variable id
// holds at every use in the function fun: its one assignment is that
// literal (or its address), and nothing else writes the variable or its
// fields. It returns nil otherwise.
func (c *checker) onlyValue(fun ast.Node, id *ast.Ident) *ast.CompositeLit {
	info := c.pass.TypesInfo
	v, ok := info.Uses[id].(*types.Var)
	if !ok || fun == nil {
		return nil
	}
	var lit *ast.CompositeLit
	writes := 0
	ast.Inspect(fun, func(n ast.Node) bool {
		var lhs, rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, name := range n.Names {
				lhs = append(lhs, name)
			}
			rhs = n.Values
		case *ast.IncDecStmt:
			if pkgtypes.RootVar(info, n.X) == v {
				writes += 2
			}
			return true
		default:
			return true
		}
		for i, l := range lhs {
			if pkgtypes.RootVar(info, l) != v {
				continue
			}
			writes++
			if _, isVar := ast.Unparen(l).(*ast.Ident); !isVar || len(rhs) != len(lhs) {
				writes++ // a field of it, or a tuple: not followed
				continue
			}
			e := ast.Unparen(rhs[i])
			if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
				e = ast.Unparen(u.X)
			}
			lit, _ = e.(*ast.CompositeLit)
		}
		return true
	})
	if writes != 1 {
		return nil
	}
	return lit
}

// fcntl checks fcntl(fd, cmd, arg): F_DUPFD, and F_SETFD clearing FD_CLOEXEC.
func (c *checker) fcntl(s *site, fd, cmdArg, arg ast.Expr) {
	cmd, ok := c.constant(cmdArg)
	if !ok {
		return
	}
	call := s.call
	if dupfd, ok := pkgConst(s.pkg, "F_DUPFD"); ok && cmd == dupfd {
		if _, ok := pkgConst(s.pkg, "F_DUPFD_CLOEXEC"); !ok {
			return
		}
		var fixes []analysis.SuggestedFix
		if s.fix {
			text := s.qual + "F_DUPFD_CLOEXEC"
			fixes = []analysis.SuggestedFix{fixclass.SafeFix("Use "+text,
				analysis.TextEdit{Pos: cmdArg.Pos(), End: cmdArg.End(), NewText: []byte(text)})}
		}
		c.report(s, analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("fcntl F_DUPFD makes a copy without close-on-exec, so every child process started meanwhile inherits it: use %sF_DUPFD_CLOEXEC",
				s.name),
			SuggestedFixes: fixes,
		})
		return
	}
	setfd, ok := pkgConst(s.pkg, "F_SETFD")
	if !ok || cmd != setfd {
		return
	}
	bit, ok := pkgConst(s.pkg, "FD_CLOEXEC")
	if !ok {
		return
	}
	state := c.hasBit(arg, bit)
	if state == yes || c.startsChild(s.fun) {
		return
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End()}
	if state == unknown {
		d.Message = "fcntl F_SETFD with flags that are not constant may clear FD_CLOEXEC, making the descriptor inheritable by every child process: keep FD_CLOEXEC set unless this function hands the descriptor to a child"
		c.r.ReportStrict(d)
		return
	}
	d.Message = "fcntl F_SETFD clears FD_CLOEXEC, so every child process started from now on inherits the descriptor: keep the flag, and hand the descriptor to a child through ExtraFiles or ProcAttr.Files instead"
	c.report(s, d)
}

// isStdio reports whether e is standard input, output or error: the
// constants 0 to 2, syscall.Stdin and friends, or os.Stdin.Fd() and friends.
func (c *checker) isStdio(e ast.Expr) bool {
	if v, ok := c.constant(e); ok {
		return v <= 2
	}
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
			return c.isStdio(call.Args[0]) // int(os.Stdout.Fd())
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Fd" && len(call.Args) == 0 {
			return c.isStdioVar(sel.X, "os")
		}
		return false
	}
	return c.isStdioVar(e, syscallPath) || c.isStdioVar(e, unixPath)
}

// isStdioVar reports whether e names the package's Stdin, Stdout or Stderr.
func (c *checker) isStdioVar(e ast.Expr, path string) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		id = e.Sel
	case *ast.Ident:
		id = e
	default:
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != path || v.Parent() != v.Pkg().Scope() {
		return false
	}
	switch v.Name() {
	case "Stdin", "Stdout", "Stderr":
		return true
	}
	return false
}

// startsChild reports whether the function starts a child process or
// prepares the descriptors of one, so that making a descriptor inheritable
// in it is deliberate.
func (c *checker) startsChild(fun ast.Node) bool {
	if fun == nil {
		return false
	}
	if v, ok := c.handsOff[fun]; ok {
		return v
	}
	found := false
	ast.Inspect(fun, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			found = isChildStart(typeutil.Callee(c.pass.TypesInfo, n))
		case *ast.SelectorExpr:
			if sel, ok := c.pass.TypesInfo.Selections[n]; ok && sel.Kind() == types.FieldVal {
				found = isChildFiles(sel.Obj())
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() {
					found = isChildFiles(f)
				}
			}
		}
		return !found
	})
	c.handsOff[fun] = found
	return found
}

func isChildStart(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		return path == "os/exec" && (name == "Start" || name == "Run" || name == "Output" || name == "CombinedOutput")
	}
	switch path {
	case "os":
		return name == "StartProcess"
	case syscallPath:
		switch name {
		case "ForkExec", "StartProcess", "Exec", "forkExec":
			return true
		}
	case unixPath:
		return name == "Exec"
	}
	return false
}

// isChildFiles reports whether the field lists the descriptors of a child:
// exec.Cmd.ExtraFiles, os.ProcAttr.Files, syscall.ProcAttr.Files.
func isChildFiles(f types.Object) bool {
	if f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() {
	case "os/exec":
		return f.Name() == "ExtraFiles"
	case "os", syscallPath:
		return f.Name() == "Files"
	}
	return false
}

// excusedLater reports whether the creation needs no default finding
// because the function sets close-on-exec right afterwards: under
// syscall.ForkLock that is the pre-O_CLOEXEC idiom and is safe; without it a
// fork in between inherits the descriptor, which the strict profile reports.
func (c *checker) excusedLater(s *site, fixes []analysis.SuggestedFix) bool {
	l := c.laterOf(s.fun)
	if !c.setOnResult(s, l.setOn) {
		return false
	}
	if !l.forkLock {
		c.r.ReportStrict(analysis.Diagnostic{
			Pos: s.call.Pos(), End: s.call.End(),
			Message: fmt.Sprintf("%s%s creates a descriptor without close-on-exec and sets the flag only afterwards, without holding syscall.ForkLock: a child forked in between inherits it; create it with the close-on-exec flag",
				s.name, s.fn.Name()),
			SuggestedFixes: fixes,
		})
	}
	return true
}

func (c *checker) laterOf(fun ast.Node) later {
	if fun == nil {
		return later{}
	}
	if l, ok := c.later[fun]; ok {
		return l
	}
	var l later
	info := c.pass.TypesInfo
	ast.Inspect(fun, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil {
			return true
		}
		path := fn.Pkg().Path()
		switch {
		case fn.Name() == "CloseOnExec" && (path == syscallPath || path == unixPath) && len(call.Args) == 1:
			l.setOn = append(l.setOn, call.Args[0])
		case fn.Name() == "FcntlInt" && path == unixPath && len(call.Args) == 3:
			if c.setsCloexec(fn.Pkg(), call.Args[1], call.Args[2]) {
				l.setOn = append(l.setOn, call.Args[0])
			}
		case rawSyscalls[fn.Name()] && (path == syscallPath || path == unixPath) && len(call.Args) >= 4:
			if sys, ok := pkgConst(fn.Pkg(), "SYS_FCNTL"); ok {
				if trap, ok := c.constant(call.Args[0]); ok && trap == sys && c.setsCloexec(fn.Pkg(), call.Args[2], call.Args[3]) {
					l.setOn = append(l.setOn, call.Args[1])
				}
			}
		case path == "sync" && (fn.Name() == "RLock" || fn.Name() == "Lock"):
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
					if v, ok := info.Uses[x.Sel].(*types.Var); ok && v.Name() == "ForkLock" && v.Pkg() != nil && v.Pkg().Path() == syscallPath {
						l.forkLock = true
					}
				} else if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && v.Name() == "ForkLock" && v.Pkg() != nil && v.Pkg().Path() == syscallPath {
						l.forkLock = true // inside package syscall
					}
				}
			}
		}
		return true
	})
	c.later[fun] = l
	return l
}

// setsCloexec reports whether fcntl(fd, cmd, arg) is F_SETFD with FD_CLOEXEC.
func (c *checker) setsCloexec(pkg *types.Package, cmdArg, arg ast.Expr) bool {
	setfd, ok1 := pkgConst(pkg, "F_SETFD")
	bit, ok2 := pkgConst(pkg, "FD_CLOEXEC")
	cmd, ok3 := c.constant(cmdArg)
	return ok1 && ok2 && ok3 && cmd == setfd && c.hasBit(arg, bit) == yes
}

// forwards reports whether the enclosing function is an exported API that
// only forwards the call: every argument is one of its parameters,
// unchanged, and the call's results go straight back to its caller
// (returned, or assigned to its named results), as
// net/internal/socktest's Switch.Accept does. Such a function re-exposes
// the call with its contract, as package syscall does, and the code that
// calls it owns the descriptor's flags.
// A function that fixes an argument itself (unix.Socket(AF_NETLINK,
// SOCK_RAW, family) in a method named Socket) does not forward it,
// whatever its name.
func (c *checker) forwards(s *site) bool {
	decl, ok := s.fun.(*ast.FuncDecl)
	if !ok || !decl.Name.IsExported() {
		// An unexported forwarder is a helper of the package, whose own
		// code is the only caller and never sets the flag (dup(fd) around
		// unix.Dup in grongor/panicwatch): the call is judged here.
		return false
	}
	for _, arg := range s.call.Args {
		if !c.isParam(s.fun, arg) {
			return false
		}
	}
	switch p := s.parent.(type) {
	case *ast.ReturnStmt:
		return len(p.Results) == 1
	case *ast.AssignStmt:
		return len(p.Rhs) == 1 && len(p.Lhs) > 0 && c.isResult(s.fun, p.Lhs[0])
	}
	return false
}

// setOnResult reports whether one of the expressions mentions a variable
// that holds the descriptor the call creates: the variable the result is
// assigned to, or the slice that Pipe fills.
func (c *checker) setOnResult(s *site, setOn []ast.Expr) bool {
	if len(setOn) == 0 {
		return false
	}
	info := c.pass.TypesInfo
	var vars []types.Object
	addIdent := func(e ast.Expr) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SliceExpr:
				e = x.X
				continue
			case *ast.Ident:
				if obj := info.ObjectOf(x); obj != nil {
					vars = append(vars, obj)
				}
			}
			return
		}
	}
	switch s.fn.Name() {
	case "Pipe", "Pipe2":
		addIdent(s.call.Args[0])
	}
	switch p := s.parent.(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && len(p.Lhs) > 0 {
			addIdent(p.Lhs[0])
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && len(p.Names) > 0 {
			addIdent(p.Names[0])
		}
	}
	for _, e := range setOn {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				for _, v := range vars {
					if info.Uses[id] == v {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// isResult reports whether e is a named result of the function.
func (c *checker) isResult(fun ast.Node, e ast.Expr) bool {
	decl, ok := fun.(*ast.FuncDecl)
	id, ok2 := ast.Unparen(e).(*ast.Ident)
	if !ok || !ok2 || decl.Type.Results == nil {
		return false
	}
	obj := c.pass.TypesInfo.ObjectOf(id)
	for _, field := range decl.Type.Results.List {
		for _, name := range field.Names {
			if obj != nil && c.pass.TypesInfo.Defs[name] == obj {
				return true
			}
		}
	}
	return false
}

// isParam reports whether e is a parameter of the function, passed through
// unchanged: a wrapper whose callers choose the flags.
func (c *checker) isParam(fun ast.Node, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || fun == nil {
		return false
	}
	var ftype *ast.FuncType
	switch f := fun.(type) {
	case *ast.FuncDecl:
		ftype = f.Type
	case *ast.FuncLit:
		ftype = f.Type
	}
	obj := c.pass.TypesInfo.Uses[id]
	for _, field := range ftype.Params.List {
		for _, name := range field.Names {
			if obj != nil && c.pass.TypesInfo.Defs[name] == obj {
				return true
			}
		}
	}
	return false
}

// syscallName is how the hint names package syscall, which holds ForkLock
// and CloseOnExec for x/sys/unix callers too.
func syscallName(s *site) string {
	if s.pkg.Path() == syscallPath && s.name != "" {
		return s.name
	}
	return "syscall."
}
