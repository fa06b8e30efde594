package execfd

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A process is started by os.StartProcess, called directly or through a
// function value that holds it (var startProcess = os.StartProcess), and
// by any function value whose type is a starter's: it returns an
// *os.Process, so it started one, and the files it is given in an
// []*os.File or an *os.ProcAttr parameter are the child's
// (env.newProc(name, args, files, environ) in a test harness, a field
// that a constructor fills with a platform's starter). Its body is not
// known, but its type says what it does with the files: they are handed
// to the child, and the parent's copies are the caller's to close.

// processStarter reports whether the call starts a process, and returns
// the files it hands to the child that are written in the call (the
// elements of a slice literal, of a ProcAttr literal's Files).
func (fn *fun) processStarter(call *ast.CallExpr) ([]ast.Expr, bool) {
	info := fn.info()
	if len(call.Args) == 3 && fn.c.isCallOf(call, "os", "StartProcess") {
		if lit := fn.procAttr(call.Args[2]); lit != nil {
			return fieldElems(info, lit, "Files"), true
		}
		return nil, true
	}
	if _, static := typeutil.Callee(info, call).(*types.Func); static {
		return nil, false // a function whose body says what it does
	}
	sig, ok := types.Unalias(info.TypeOf(call.Fun)).(*types.Signature)
	if !ok || sig.Variadic() || !returnsProcess(sig) {
		return nil, false
	}
	var files []ast.Expr
	for i := range sig.Params().Len() {
		if i >= len(call.Args) {
			break
		}
		t := sig.Params().At(i).Type()
		switch {
		case isProcAttr(t):
			if lit := fn.procAttr(call.Args[i]); lit != nil {
				files = append(files, fieldElems(info, lit, "Files")...)
			}
		case isFileSlice(t):
			files = append(files, sliceElems(info, call.Args[i])...)
		}
	}
	return files, true
}

// returnsProcess reports whether one of the signature's results is an
// *os.Process.
func returnsProcess(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		if _, ok := types.Unalias(v.Type()).(*types.Pointer); ok && isNamed(v.Type(), "os", "Process") {
			return true
		}
	}
	return false
}

func isFileSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && pkgtypes.IsOSFile(s.Elem())
}
