package execfd

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// checkShells reports exec.CommandContext commands whose output is captured
// and whose WaitDelay is never set.
func (fn *fun) checkShells() {
	for _, cmd := range fn.sortedCmds() {
		if !cmd.owned || !cmd.context || cmd.create == nil || cmd.escapes || !cmd.startedAny || len(cmd.fields["WaitDelay"]) > 0 {
			continue
		}
		captured, unknown := cmd.outputs || cmd.pipes, false
		for _, f := range []string{"Stdout", "Stderr"} {
			for _, v := range cmd.fields[f] {
				switch writerKind(fn.info(), v) {
				case notFile:
					captured = true
				case mayBeFile:
					unknown = true
				}
			}
		}
		if !captured && !unknown {
			continue
		}
		name := cmd.v.Name()
		shell := fn.runsShell(cmd.create)
		d := analysis.Diagnostic{
			Pos: cmd.create.Pos(), End: cmd.create.End(),
			SuggestedFixes: fn.waitDelayFix(cmd),
		}
		if shell.ok && captured {
			d.Message = fmt.Sprintf("%s runs %s under a context with its output captured, and %s.WaitDelay is not set: on cancel only %s is killed, and Wait blocks until every command it started closes the pipe; set %s.WaitDelay",
				name, shell.what(), name, shell.killed, name)
			fn.c.r.Report(d)
			continue
		}
		if param := fn.programParam(cmd.create); param != "" && captured {
			d.Message = fmt.Sprintf("%s runs the program its caller names in %s, which may be a shell or leave children holding the pipe, under a context with its output captured, and %s.WaitDelay is not set: on cancel only that program is killed, and Wait blocks until every process holding the pipe exits; set %s.WaitDelay",
				name, param, name, name)
			fn.c.r.Report(d)
			continue
		}
		d.Message = fmt.Sprintf("%s.WaitDelay is not set on a command run under a context whose output goes to a writer that is not a file: on cancel, Wait blocks until every process holding the pipe exits; set %s.WaitDelay",
			name, name)
		fn.c.r.ReportStrict(d)
	}
	for _, call := range fn.chained {
		sel, ok := fn.parentOf(call).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		switch sel.Sel.Name {
		case "Output", "CombinedOutput", "StdoutPipe", "StderrPipe":
		default:
			continue
		}
		d := analysis.Diagnostic{Pos: call.Pos(), End: call.End()}
		if shell := fn.runsShell(call); shell.ok {
			d.Message = "this command runs " + shell.what() + " under a context with its output captured, and its WaitDelay cannot be set: on cancel only " + shell.killed + " is killed, and Wait blocks until every command it started closes the pipe; keep the *exec.Cmd in a variable and set its WaitDelay"
			fn.c.r.Report(d)
			continue
		}
		if param := fn.programParam(call); param != "" {
			d.Message = fmt.Sprintf("this command runs the program its caller names in %s, which may be a shell or leave children holding the pipe, under a context with its output captured, and its WaitDelay cannot be set: on cancel, Wait blocks until every process holding the pipe exits; keep the *exec.Cmd in a variable and set its WaitDelay", param)
			fn.c.r.Report(d)
			continue
		}
		d.Message = "this command runs under a context with its output captured, and its WaitDelay cannot be set: on cancel, Wait blocks until every process holding the pipe exits; keep the *exec.Cmd in a variable and set its WaitDelay"
		fn.c.r.ReportStrict(d)
	}
}

// parentOf returns the parent of a node of the body.
func (fn *fun) parentOf(target ast.Node) ast.Node {
	var parent ast.Node
	ast.PreorderStack(fn.body, nil, func(n ast.Node, stack []ast.Node) bool {
		if parent != nil {
			return false
		}
		if n == target && len(stack) > 0 {
			parent = stack[len(stack)-1]
			return false
		}
		return n.Pos() <= target.Pos() && target.End() <= n.End()
	})
	return parent
}

type kind int

const (
	isFile kind = iota
	notFile
	mayBeFile
)

// writerKind says whether the writer is an *os.File.
func writerKind(info *types.Info, e ast.Expr) kind {
	t := info.TypeOf(e)
	switch {
	case t == nil:
		return isFile // ill-typed: say nothing
	case info.Types[e].IsNil():
		return isFile // nil: the child gets the null device, no pipe
	case pkgtypes.IsOSFile(t):
		return isFile
	case types.IsInterface(t):
		return mayBeFile
	}
	return notFile
}

var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true}

// A shellRun says whether a command runs a shell with -c, and how.
type shellRun struct {
	ok bool
	// killed names what the context's cancel kills: the shell, or the
	// wrapper that runs it ("env, not the shell it runs,").
	killed string
	// via, for a program that is not a constant, names it and the values
	// that make it a shell: "config.BashPath with -c, a shell by the
	// values this package gives it (exec.LookPath("bash") at config.go:215)".
	via string
}

// runsShell reports whether exec.CommandContext(ctx, name, args...) runs a
// shell with -c: the name is sh, bash, dash or zsh (or a path to one) and
// one of the arguments is -c, alone or in a cluster of options like -ec.
// A shell run through a program that runs its arguments as a command (env,
// sudo, nice, timeout, nohup and their kind, by name or path) is a shell
// too: killing the wrapper on cancel leaves the shell's children holding
// the pipe all the same.
//
// A program that is not a constant (a configured shell path, a parameter)
// is judged by the values the package gives it (programValues): it runs a
// shell when it has some and each of them, with the constant arguments
// that follow, runs a shell with -c. A program with no known value, or
// one of whose values is not a shell (git -c name=value, python -c), is
// not judged a shell.
func (fn *fun) runsShell(call *ast.CallExpr) shellRun {
	if len(call.Args) < 3 {
		return shellRun{}
	}
	var args []string // the constant prefix of the arguments
	for _, a := range call.Args[2:] {
		s, ok := fn.constString(a)
		if !ok {
			break
		}
		args = append(args, s)
	}
	if len(args) == 0 {
		return shellRun{}
	}
	values := fn.programValues(call.Args[1])
	if len(values) == 0 {
		return shellRun{}
	}
	wrappers := 0
	for _, v := range values {
		if v.name == "" || !shellWithC(unwrapCommand(append([]string{v.name}, args...))) {
			return shellRun{}
		}
		if _, ok := commandWrappers[path.Base(v.name)]; ok {
			wrappers++
		}
	}
	run := shellRun{ok: true, killed: "the shell"}
	switch {
	case wrappers == len(values) && len(values) == 1:
		run.killed = path.Base(values[0].name) + ", not the shell it runs,"
	case wrappers > 0:
		run.killed = "the shell or the program that runs it"
	}
	if _, constant := fn.constString(call.Args[1]); !constant {
		run.via = fmt.Sprintf("%s with -c, a shell by the values this package gives it (%s),",
			types.ExprString(call.Args[1]), fn.describeValues(values))
	}
	return run
}

// what names what the command runs in a message: "a shell", or the
// program and why it is one.
func (r shellRun) what() string {
	if r.via != "" {
		return r.via
	}
	return "a shell"
}

// shellWithC reports whether argv runs sh, bash, dash or zsh with -c.
func shellWithC(argv []string) bool {
	if len(argv) < 2 || !shells[path.Base(argv[0])] {
		return false
	}
	for _, s := range argv[1:] {
		if !strings.HasPrefix(s, "-") || strings.HasPrefix(s, "--") {
			continue
		}
		letters := s[1:]
		if strings.Contains(letters, "c") && strings.Trim(letters, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			return true
		}
	}
	return false
}

// describeValues names the first two values with where the package gives
// them: `exec.LookPath("bash") at config.go:215`.
func (fn *fun) describeValues(values []programValue) string {
	var parts []string
	seen := make(map[token.Pos]bool)
	for _, v := range values {
		if seen[v.expr.Pos()] {
			continue
		}
		seen[v.expr.Pos()] = true
		parts = append(parts, fmt.Sprintf("%s at %s", types.ExprString(v.expr), fn.c.where(v.expr.Pos())))
	}
	if len(parts) > 2 {
		return fmt.Sprintf("%s, %s and %d more", parts[0], parts[1], len(parts)-2)
	}
	return strings.Join(parts, ", ")
}

// programParam returns the name of the function's parameter that
// exec.CommandContext(ctx, name, args...) runs as its program, unchanged,
// when the function is an exported runner of any command: the program and
// its arguments both come from its parameters, so code outside the
// package chooses what runs, a shell or a daemonizing command included
// (vertti/preflight's RunCommandContext(ctx, name, args...)). A function
// that runs a program its package chose (a runtime's "features", mkfs)
// is not one. It returns "" otherwise.
func (fn *fun) programParam(call *ast.CallExpr) string {
	if len(call.Args) < 2 {
		return ""
	}
	d, ok := fn.node.(*ast.FuncDecl)
	if !ok || !d.Name.IsExported() {
		return ""
	}
	if len(call.Args) > 2 {
		// The arguments must be the caller's too: args... of a parameter.
		last, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.Ident)
		if !ok || !call.Ellipsis.IsValid() || len(call.Args) != 3 {
			return ""
		}
		v, _ := fn.info().Uses[last].(*types.Var)
		if v == nil || !fn.isParam(v) {
			return ""
		}
	}
	id, ok := ast.Unparen(call.Args[1]).(*ast.Ident)
	if !ok {
		return ""
	}
	v, _ := fn.info().Uses[id].(*types.Var)
	if v == nil || !fn.isParam(v) || fn.assignedIn(v) {
		return ""
	}
	return v.Name()
}

// isParam reports whether v is a parameter of the function.
func (fn *fun) isParam(v *types.Var) bool {
	sig := fn.signature()
	if sig == nil {
		return false
	}
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			return true
		}
	}
	return false
}

// assignedIn reports whether the body assigns v or takes its address.
func (fn *fun) assignedIn(v *types.Var) bool {
	found := false
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && fn.info().Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && fn.info().Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// A commandWrapper is a program that runs the rest of its arguments as a
// command: valued lists its options that take the next argument as their
// value, positional how many arguments come before the command (timeout's
// duration), and assignments whether NAME=VALUE arguments may come first.
type commandWrapper struct {
	valued      map[string]bool
	positional  int
	assignments bool
}

var commandWrappers = map[string]commandWrapper{
	"env":     {valued: map[string]bool{"-u": true, "-C": true, "-S": true}, assignments: true},
	"sudo":    {valued: map[string]bool{"-u": true, "-g": true, "-p": true, "-C": true, "-D": true, "-r": true, "-t": true, "-U": true, "-h": true, "-R": true, "-T": true}},
	"doas":    {valued: map[string]bool{"-u": true, "-C": true}},
	"nice":    {valued: map[string]bool{"-n": true}},
	"ionice":  {valued: map[string]bool{"-c": true, "-n": true, "-p": true, "-P": true, "-u": true}},
	"timeout": {valued: map[string]bool{"-s": true, "-k": true}, positional: 1},
	"nohup":   {},
	"setsid":  {},
	"stdbuf":  {valued: map[string]bool{"-i": true, "-o": true, "-e": true}},
}

// unwrapCommand returns the command that argv runs once the wrappers in
// front of it are skipped: ["env", "A=1", "sh", "-c", "x"] runs
// ["sh", "-c", "x"]. It returns argv itself when it does not start with a
// wrapper, and nil when the wrapped command is not in argv.
func unwrapCommand(argv []string) []string {
	for range 4 {
		if len(argv) == 0 {
			return nil
		}
		w, ok := commandWrappers[path.Base(argv[0])]
		if !ok {
			return argv
		}
		i := 1
		for i < len(argv) {
			a := argv[i]
			switch {
			case a == "--":
				i++
			case strings.HasPrefix(a, "-") && len(a) > 1:
				i++
				if w.valued[a] {
					i++
				}
				continue
			case w.assignments && strings.Contains(a, "="):
				i++
				continue
			}
			break
		}
		i += w.positional
		if i >= len(argv) {
			return nil
		}
		argv = argv[i:]
	}
	return argv
}

func (fn *fun) constString(e ast.Expr) (string, bool) {
	tv, ok := fn.info().Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// waitDelayFix sets WaitDelay right after the statement that creates the
// command, importing time if needed.
func (fn *fun) waitDelayFix(cmd *command) []analysis.SuggestedFix {
	stmt := cmd.createStmt
	if stmt == nil {
		return nil
	}
	if _, inBlock := fn.parentOf(stmt).(*ast.BlockStmt); !inBlock {
		return nil
	}
	pass := fn.c.pass
	timeName, edits := "time", []analysis.TextEdit(nil)
	imported := false
	for _, spec := range fn.file.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == "time" {
			imported = true
			if spec.Name != nil {
				timeName = spec.Name.Name
			}
		}
	}
	if timeName == "_" || timeName == "." {
		return nil
	}
	// The name must mean the time package where the statement is inserted.
	scope := pass.Pkg.Scope().Innermost(stmt.End())
	if scope != nil {
		if _, obj := scope.LookupParent(timeName, stmt.End()); obj != nil {
			pn, ok := obj.(*types.PkgName)
			if !ok || pn.Imported().Path() != "time" {
				return nil
			}
		} else if imported {
			return nil
		}
	}
	if !imported {
		edit, ok := addImport(fn.file, "time")
		if !ok {
			return nil
		}
		edits = append(edits, edit)
	}
	pos, indent := fn.after(stmt)
	text := fmt.Sprintf("\n%s%s.WaitDelay = 10 * %s.Second", indent, cmd.v.Name(), timeName)
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	return []analysis.SuggestedFix{fixclass.ChangesFix("Set "+cmd.v.Name()+".WaitDelay",
		"on cancel, Wait stops waiting for output that orphaned grandchildren still write after 10s", edits...)}
}

// addImport returns the edit that imports the package.
func addImport(f *ast.File, path string) (analysis.TextEdit, bool) {
	quoted := strconv.Quote(path)
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() && len(gd.Specs) > 0 {
			pos := gd.Specs[0].Pos()
			return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(quoted + "\n\t")}, true
		}
	}
	var last ast.Decl
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			last = d
		}
	}
	if last == nil {
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("\nimport " + quoted)}, true
}
