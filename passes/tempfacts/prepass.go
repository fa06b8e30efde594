package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// The SSA form of a package costs about as much to build as its type
// checking, and facts are computed for every function of every package:
// it is built only when some parameter may go somewhere that matters. A
// parameter whose every use is one that the SSA summary (paramflow.go)
// would judge as a plain use, whatever the rest of the body does, needs no
// following: an argument of a standard function that neither removes,
// renames, stores, shows, registers nor derives a path from it
// (strings.HasPrefix(dir, ...), io.Copy(w, f)), the receiver of a method
// of a standard type other than (*os.File).Name, an operand of a
// comparison, a switch tag, the function called. Most parameters of most
// packages are used only so.

// loudParam reports whether some use of the parameter p in the package
// is not a plain use: the parameter must be followed.
func (r *Result) loudParam(p *types.Var) bool {
	r.findAllLoud()
	return r.loud[p]
}

// findAllLoud finds, once, the loud parameters of every function of the
// package, and the functions with a loud parameter that carries a path or
// a file (pathCarrier): the questions the package's facts ask are about
// those, and their bodies are built together (ssaFunc). A parameter of
// another type is asked about only when a tracked object is passed to it,
// which is rare: its function is built alone when it is.
func (r *Result) findAllLoud() {
	if r.loud != nil {
		return
	}
	r.loud = make(map[*types.Var]bool)
	r.loudCarriers = make(map[*types.Func]bool)
	for fn, d := range r.decls {
		if r.findLoud(d) {
			r.loudCarriers[fn] = true
		}
	}
}

// findLoud marks the parameters of d (its receiver included) that some
// use in its body, or in a closure inside it, leaves unjudged, and reports
// whether it marked one that carries a path or a file.
func (r *Result) findLoud(d *ast.FuncDecl) bool {
	found := false
	params := make(map[*types.Var]bool)
	add := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				if v, ok := r.info.Defs[id].(*types.Var); ok {
					params[v] = true
				}
			}
		}
	}
	add(d.Recv)
	add(d.Type.Params)
	ast.PreorderStack(d.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := r.info.Uses[id].(*types.Var)
		if !ok || !params[v] || r.loud[v] {
			return true
		}
		if !r.plainUse(id, stack) {
			r.loud[v] = true
			found = found || pathCarrier(v.Type())
		}
		return true
	})
	return found
}

// plainUse reports whether the use id, with its ancestors on stack, only
// uses the value (see above).
func (r *Result) plainUse(id *ast.Ident, stack []ast.Node) bool {
	var child ast.Node = id
	k := len(stack) - 1
	for k >= 0 {
		if _, ok := stack[k].(*ast.ParenExpr); !ok {
			break
		}
		child = stack[k]
		k--
	}
	if k < 0 {
		return false
	}
	switch parent := stack[k].(type) {
	case *ast.CallExpr:
		if parent.Fun == child {
			return true // calling it
		}
		if tv, ok := r.info.Types[parent.Fun]; ok && tv.IsType() {
			return false // a conversion: a new value, followed
		}
		if id, ok := ast.Unparen(parent.Fun).(*ast.Ident); ok {
			if b, ok := r.info.Uses[id].(*types.Builtin); ok {
				return b.Name() == "len" || b.Name() == "cap"
			}
		}
		fn, ok := typeutil.Callee(r.info, parent).(*types.Func)
		return ok && r.plainStd(fn)
	case *ast.SelectorExpr:
		if parent.X != child || k == 0 {
			return false
		}
		call, ok := stack[k-1].(*ast.CallExpr)
		sel := r.info.Selections[parent]
		if !ok || call.Fun != parent || sel == nil || sel.Kind() != types.MethodVal {
			return false
		}
		fn, ok := sel.Obj().(*types.Func)
		return ok && fn.Name() != "Name" && !types.IsInterface(sel.Recv()) && r.plainStd(fn)
	case *ast.BinaryExpr:
		return parent.Op != token.ADD
	case *ast.SwitchStmt:
		return parent.Tag == child
	}
	return false
}

// plainStd reports whether fn is a standard function or method that only
// uses what it is given: none of the tables of std.go, no path function,
// no opening of a file.
func (r *Result) plainStd(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg() == r.pkg || !isStd(fn.Pkg().Path()) {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return false
	}
	key := funcKey(fn)
	switch {
	case stdRemovers[key], stdStorers[key], envSetters[key], stdPrinters[key], isTestingCleanup(fn):
		return false
	case key[0] == "path/filepath" || key[0] == "path":
		return false
	case key == [2]string{"os", "Rename"} || key == [2]string{"fmt", "Errorf"}:
		return false
	case key[0] == "os":
		switch key[1] {
		case "Create", "Open", "OpenFile", "CreateTemp":
			return false
		}
	}
	return true
}
