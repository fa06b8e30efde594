package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/fieldflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/passes/lazyssa"
)

// Passing a command or a file to a function does not by itself hand it
// off: a function that only configures, logs or writes to it borrows it,
// and the caller keeps the duty to wait or close. What a function of the
// package does with each of its *exec.Cmd and *os.File parameters is
// summarized here, once, from its body in SSA form (internal/fieldflow:
// the parameter is followed through locals, phis, interfaces, slices of
// structs that hold it, closures and the package's helpers), and exported
// as a fact for the packages that import it (facts.go). A function of another package
// without a fact is not known, and taking its argument is assumed
// (silence).
//
// The summary is the execfd side of the per-parameter borrow/take model
// that passes/tempfacts computes for temp objects.

// A paramUse says what a function does with an argument.
type paramUse uint8

const (
	useStarts paramUse = 1 << iota // starts the command (Start)
	useWaits                       // waits for it (Wait, Run, Output, Process.Wait or Release)
	useCloses                      // closes the file
	useTakes                       // keeps it or hands it on: the caller's duty ends
	// useClosesFiles: closes the files the command hands to its child
	// (a start helper that closes the parent's copies, as the shim's
	// proc.Start does).
	useClosesFiles
	useSetsWaitDelay // sets the command's WaitDelay
)

type paramKey struct {
	fn *types.Func
	i  int
}

// argUse returns what the call does with its argument arg; ok is false
// when the callee is not known.
func (c *checker) argUse(call *ast.CallExpr, arg ast.Expr) (use paramUse, ok bool) {
	callee, recv := c.calleeFunc(call)
	if callee == nil {
		return 0, false
	}
	i := -1
	for j, a := range call.Args {
		if ast.Unparen(a) == ast.Unparen(arg) {
			i = j
		}
	}
	if i < 0 {
		return 0, false
	}
	sig := callee.Type().(*types.Signature)
	if recv {
		if i == 0 {
			if isCmd(sig.Recv().Type()) {
				return cmdMethodUse(callee.Name()), true
			}
			if callee.Name() == "Close" {
				return useCloses, true
			}
			return 0, callee.Pkg() != nil && callee.Pkg().Path() == "os"
		}
		i--
	}
	if pkg := callee.Pkg(); pkg != nil && (pkg.Path() == "fmt" || pkg.Path() == "log") && (sig.Recv() == nil || isNamed(sig.Recv().Type(), "log", "Logger")) {
		// printed: borrowed, also through a *log.Logger's methods
		// (logger.Printf("%v: %v", cmd, err) in vcweb's hg handler)
		return 0, true
	}
	if (sig.Variadic() && i >= sig.Params().Len()-1) || i >= sig.Params().Len() {
		return 0, false
	}
	if callee.Pkg() != c.pass.Pkg {
		return c.importedUse(callee.Origin(), i) // facts.go
	}
	return c.paramUse(callee, i), true
}

// cmdMethodUse is what calling the *exec.Cmd method does to the command.
func cmdMethodUse(name string) paramUse {
	switch name {
	case "Start":
		return useStarts
	case "Run", "Output", "CombinedOutput":
		return useStarts | useWaits
	case "Wait":
		return useWaits
	}
	return 0
}

// paramUse summarizes what the function of this package does with its
// parameter i, from its SSA form (internal/fieldflow): the value is
// followed through locals, phis, interfaces, slices, closures that run and
// helpers of the package, whatever the syntax. A generic function (an
// instance's origin) is judged on its own body, built once with its type
// parameters; a parameter of a type parameter is handed on, since the
// rules that judge it (a file is closed, a command waited for) depend on
// the type an instantiation chooses.
func (c *checker) paramUse(fn *types.Func, i int) paramUse {
	fn = fn.Origin()
	key := paramKey{fn, i}
	if u, ok := c.uses[key]; ok {
		return u
	}
	sig := fn.Type().(*types.Signature)
	if i >= sig.Params().Len() || pkgtypes.OfTypeParam(sig.Params().At(i).Type()) {
		return useTakes
	}
	if isAbstract(fn) {
		return c.interfaceUse(fn, i) // implementations.go
	}
	flow, prog := c.flow()
	sf := prog.FuncValue(fn)
	if sf == nil || sf.Blocks == nil {
		c.uses[key] = useTakes
		return useTakes
	}
	if sig.Recv() != nil {
		i++ // the receiver is the SSA function's first parameter
	}
	use := flow.Param(sf, i)
	var u paramUse
	if use&fieldflow.Starts != 0 {
		u |= useStarts
	}
	if use&fieldflow.Releases != 0 {
		if pkgtypes.IsOSFile(sf.Params[i].Type()) {
			u |= useCloses
		} else {
			u |= useWaits
		}
	}
	if use&fieldflow.Escapes != 0 {
		u |= useTakes
	}
	if use&fieldflow.ClosesChildFiles != 0 {
		u |= useClosesFiles
	}
	if use&fieldflow.SetsWaitDelay != 0 {
		u |= useSetsWaitDelay
	}
	c.uses[key] = u
	return u
}

// flow returns the following of values through the package's SSA form,
// built on first use.
func (c *checker) flow() (*fieldflow.Flow, *ssa.Program) {
	prog := c.pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Program)
	if c.flows == nil {
		c.flows = fieldflow.New(prog.Package(), prog.Functions(), fieldflow.Policy{Foreign: c.foreignUse})
	}
	return c.flows, prog.Package().Prog
}

// useOf says what one use of a command or file variable does with it.
func (c *checker) useOf(id ast.Expr, stack []ast.Node) paramUse {
	info := c.pass.TypesInfo
	at := func(k int) ast.Node {
		if len(stack) >= k {
			return stack[len(stack)-k]
		}
		return nil
	}
	var child ast.Node = id
	switch p := at(1).(type) {
	case *ast.SelectorExpr:
		if p.X != id {
			return useTakes
		}
		grand := at(2)
		if call, ok := grand.(*ast.CallExpr); ok && call.Fun == p {
			switch p.Sel.Name {
			case "Close":
				return useCloses
			default:
				return cmdMethodUse(p.Sel.Name)
			}
		}
		if s := info.Selections[p]; s != nil && s.Kind() == types.MethodVal {
			return useTakes // a method value: called who knows when
		}
		if p.Sel.Name == "Process" {
			psel, ok := grand.(*ast.SelectorExpr)
			if !ok {
				if bin, ok := grand.(*ast.BinaryExpr); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
					return 0
				}
				return useTakes
			}
			if call, ok := at(3).(*ast.CallExpr); ok && call.Fun == psel {
				switch psel.Sel.Name {
				case "Wait", "Release":
					return useWaits
				}
				return 0 // Kill, Signal: do not reap
			}
			if psel.Sel.Name == "Pid" {
				if call, ok := at(3).(*ast.CallExpr); ok && c.reapsPid(call, psel) {
					return useWaits // unix.Wait4(c.Process.Pid, ...): reap.go
				}
				return 0
			}
			return useTakes
		}
		return 0 // a field read or set: cmd.Env = ..., cmd.Args
	case *ast.CallExpr:
		if p.Fun == child {
			return useTakes
		}
		if u, ok := c.argUse(p, id); ok {
			return u
		}
		if pkgTypesFile(info, id) && !mayClose(info, p, id) {
			return 0 // io.Copy(w, f): used, not owned
		}
		return useTakes
	case *ast.BinaryExpr:
		if p.Op == token.EQL || p.Op == token.NEQ {
			return 0
		}
	case *ast.AssignStmt:
		// Stored into a field of a command (cmd.Stdout = f) is a use: the
		// file is handed to a child, the parent still holds it.
		for i, r := range p.Rhs {
			if r == id && len(p.Lhs) == len(p.Rhs) {
				if sel, ok := p.Lhs[i].(*ast.SelectorExpr); ok {
					if t := info.TypeOf(sel.X); t != nil && (isCmd(t) || isProcAttr(t)) {
						return 0
					}
				}
			}
		}
	}
	return useTakes
}

func pkgTypesFile(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	return t != nil && isNamed(t, "os", "File")
}

// funcDecl returns the declaration of a function of the package.
func (c *checker) funcDecl(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = make(map[*types.Func]*ast.FuncDecl)
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
					}
				}
			}
		}
	}
	return c.decls[fn]
}
