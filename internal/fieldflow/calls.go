package fieldflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// call judges a call that takes the derived value v: as the receiver of a
// method, an argument of a function of the package (by what its body does
// with the parameter), of another package (by the policy), of a function
// value or of a builtin.
func (a *analysis) call(ci ssa.CallInstruction, v ssa.Value, push func(ssa.Value), u *uses, site func(token.Pos) Site) {
	common := ci.Common()
	at := site(ci.Pos())
	add := func(use Use) { u.add(use, at) }
	if common.IsInvoke() {
		if common.Value == v {
			switch common.Method.Name() {
			case "Close", "Wait", "Release":
				add(Releases)
			default:
				add(Borrows)
			}
		}
		for _, arg := range common.Args {
			if arg == v {
				add(Escapes) // an interface method: any implementation
			}
		}
		return
	}
	if b, ok := common.Value.(*ssa.Builtin); ok {
		if b.Name() == "append" {
			if call, ok := ci.(*ssa.Call); ok {
				push(call)
			}
		}
		return // len, cap, copy, print: used
	}
	callee := common.StaticCallee()
	if callee == nil {
		if common.Value == v {
			return // calling the value itself
		}
		if !a.pol.FuncValuesBorrow {
			add(Escapes)
		}
		return
	}
	for i, arg := range common.Args {
		if arg == v {
			add(a.argUse(callee, i))
		}
	}
}

// argUse is what the callee does with its argument i.
func (a *analysis) argUse(callee *ssa.Function, i int) Use {
	if obj, ok := callee.Object().(*types.Func); ok {
		if use, ok := knownUse(obj, i); ok {
			return use
		}
	}
	if callee.Blocks != nil && callee.Pkg != nil && a.inPackage(callee) {
		return a.summary(callee, i)
	}
	if obj, ok := callee.Object().(*types.Func); ok && a.pol.Foreign != nil {
		return a.pol.Foreign(obj, i)
	}
	return Escapes
}

// inPackage reports whether the function is one of the analyzed ones: its
// body is known.
func (a *analysis) inPackage(fn *ssa.Function) bool { return a.pkg != nil && fn.Pkg == a.pkg }

// summary is what the function of the package does with its parameter
// i, from its body; a call back into a summary in progress borrows.
func (a *analysis) summary(fn *ssa.Function, i int) Use {
	if a.base != nil {
		return a.base.summary(fn, i)
	}
	k := paramKey{fn, i}
	if use, ok := a.summaries[k]; ok {
		return use
	}
	a.summaries[k] = Borrows // in progress
	var use Use
	if i < len(fn.Params) {
		use = a.follow(fn.Params[i], fn, fn.Params[i].Name()).use()
	} else {
		use = Escapes
	}
	a.summaries[k] = use
	return use
}

// knownUse is what the standard library does with the argument: the
// release methods of files, commands and processes, wait4 on a pid, and
// the methods that only use the value.
func knownUse(fn *types.Func, i int) (Use, bool) {
	sig := fn.Type().(*types.Signature)
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Path()
	}
	if sig.Recv() != nil && i == 0 {
		recv := sig.Recv().Type()
		switch {
		case isNamed(recv, "os", "File"):
			if fn.Name() == "Close" {
				return Releases, true
			}
			return Borrows, true
		case isNamed(recv, "os/exec", "Cmd"):
			switch fn.Name() {
			case "Start":
				return Starts, true
			case "Run", "Output", "CombinedOutput":
				return Starts | Releases, true
			case "Wait":
				return Releases, true
			}
			return Borrows, true
		case isNamed(recv, "os", "Process"):
			switch fn.Name() {
			case "Wait", "Release":
				return Releases, true
			}
			return Borrows, true
		}
	}
	switch pkg {
	case "fmt", "log", "log/slog", "errors":
		return Borrows, true
	case "syscall", "golang.org/x/sys/unix":
		if fn.Name() == "Wait4" && i == 0 {
			return Releases, true // reaps the pid
		}
	}
	return 0, false
}
