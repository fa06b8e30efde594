package execfd

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tmplint/tmplint/internal/fieldflow"
	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A function of the package may start the child itself and hand it a file
// it was given: "func startProc(name string, w *os.File) (*exec.Cmd,
// error) { cmd := exec.Command(name); cmd.Stdout = w; return cmd,
// cmd.Start() }", called directly or through a function value whose one
// value is known (a field assigned once: env.newProc). The file is then
// handed to a child at the call, as at a Start: the caller must close its
// copy after it. What the helper does with its parameter is read on the
// package's SSA form (internal/fieldflow): the parameter (a file, or a
// slice of files) reaches a child's files and is neither closed nor kept
// anywhere else, and the helper starts a command or a process.

// startHelperFiles returns the files of the function handed to a child by
// the call, when its callee is such a helper.
func (fn *fun) startHelperFiles(call *ast.CallExpr) []ast.Expr {
	callee, recvArg := fn.c.calleeFunc(call)
	if callee == nil || callee.Pkg() != fn.c.pass.Pkg {
		return nil
	}
	callee = callee.Origin() // a generic helper is judged on its own body
	sig := callee.Type().(*types.Signature)
	if sig.Variadic() || !fn.c.mayStart(callee) {
		return nil
	}
	var given []ast.Expr
	for i, a := range call.Args {
		t := fn.info().TypeOf(a)
		var files []ast.Expr
		switch {
		case t != nil && pkgtypes.IsOSFile(t):
			files = []ast.Expr{a}
		case t != nil && isFileSlice(t):
			files = sliceElems(fn.info(), a)
		}
		if len(files) == 0 {
			continue
		}
		param := i
		if sig.Recv() != nil && !recvArg {
			param++ // the receiver is the SSA function's first parameter
		}
		if fn.c.handsToChild(callee, param) {
			given = append(given, files...)
		}
	}
	return given
}

// handsToChild reports whether the function of the package hands its SSA
// parameter i to a child it starts, and neither closes nor keeps it. A
// parameter of a type parameter does not: what it holds is the
// instantiation's choice.
func (c *checker) handsToChild(callee *types.Func, i int) bool {
	flow, prog := c.flow()
	sf := prog.FuncValue(callee)
	if sf == nil || sf.Blocks == nil || i >= len(sf.Params) || pkgtypes.OfTypeParam(sf.Params[i].Type()) {
		return false
	}
	use := flow.Param(sf, i)
	return use&fieldflow.Child != 0 && use&(fieldflow.Releases|fieldflow.Escapes) == 0 && startsChild(sf)
}

// startsChild reports whether the function's body (with its function
// literals) starts a command or a process.
func startsChild(f *ssa.Function) bool {
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := ci.Common().StaticCallee()
			if callee == nil {
				continue
			}
			obj, _ := callee.Object().(*types.Func)
			if obj == nil || obj.Pkg() == nil {
				continue
			}
			switch obj.Pkg().Path() + "." + obj.Name() {
			case "os/exec.Start", "os/exec.Run", "os/exec.Output", "os/exec.CombinedOutput", "os.StartProcess", "syscall.ForkExec", "syscall.StartProcess":
				return true
			}
		}
	}
	for _, anon := range f.AnonFuncs {
		if startsChild(anon) {
			return true
		}
	}
	return false
}

// collectHelperStarts finds the calls, outside function literals, that
// hand files of the function to a child through a start helper.
func (fn *fun) collectHelperStarts() {
	if len(fn.files) == 0 {
		return
	}
	fn.walk(func(n ast.Node, stack []ast.Node, inLit bool) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if files := fn.filesIn(fn.startHelperFiles(call)); len(files) > 0 {
			fn.helperStarts = append(fn.helperStarts, helperStart{call: call, files: files})
		}
		return true
	})
}

// A helperStart is a call of a start helper with files of the function.
type helperStart struct {
	call  *ast.CallExpr
	files []*file
}

// startHelperHandoffs returns the files handed to a child by the calls of
// start helpers.
func (fn *fun) startHelperHandoffs() []handoff {
	var hs []handoff
	for _, h := range fn.helperStarts {
		for _, f := range h.files {
			if fn.reaches(f.create, h.call) {
				hs = append(hs, handoff{f: f, start: h.call, what: types.ExprString(h.call.Fun), process: true})
			}
		}
	}
	return hs
}

// mayStart reports whether the declaration's body calls a method or
// function named like a start, a cheap test before the SSA form is asked.
func (c *checker) mayStart(fn *types.Func) bool {
	decl := c.funcDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			switch sel.Sel.Name {
			case "Start", "Run", "Output", "CombinedOutput", "StartProcess", "ForkExec":
				found = true
			}
		}
		return !found
	})
	return found
}
