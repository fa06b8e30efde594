package temppath

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

// Code that only the callback of a fuzz target runs, when the target has
// no seed corpus, runs under a fuzzing engine only (go test -fuzz, OSS-Fuzz
// in its single-user container): plain go test runs a target's callback
// once per seed, and with no seed never. containerd's integration fuzzers
// download binaries to a fixed /tmp path from such a callback; a strict
// maintainer calls that debatable, so its finding is strict-only.
//
// The callback is the function passed to the Fuzz method of *testing.F (a
// function literal, or a plain function of the package). Its target has no
// seed corpus when the function that calls Fuzz calls no Add method of
// *testing.F, uses its *testing.F parameter only as the receiver of method
// calls (so no helper can add seeds), and has no testdata/fuzz/<name>
// directory next to its file (the corpus go test reads). Code reached only
// from there is the callback itself and every unexported plain function
// of the package whose uses are all calls from such code (followed to a
// fixed point); methods are not judged: an interface may call them.

// inFuzzOnly says whether the position is inside code that only the
// callback of a seedless fuzz target reaches, inside other code, or in no
// function declaration.
func (c *checker) inFuzzOnly(pos token.Pos) answer {
	if c.fuzzOnly == nil {
		c.fuzzOnly = c.fuzzOnlyCode()
	}
	for _, n := range c.fuzzOnly {
		if n.Pos() <= pos && pos < n.End() {
			return yes
		}
	}
	for _, file := range c.pass.Files {
		if file.FileStart > pos || pos > file.FileEnd {
			continue
		}
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return no
			}
		}
	}
	return outside
}

// fuzzOnlyCode returns the function literals and declarations that only
// seedless fuzz callbacks reach. It is never nil, so that it is built once.
func (c *checker) fuzzOnlyCode() []ast.Node {
	info := c.pass.TypesInfo
	code := []ast.Node{}
	// calls holds, per plain function of the package, the positions of
	// the calls of it; argOf the functions passed to a seedless Fuzz.
	calls := make(map[*types.Func][]token.Pos)
	callees := make(map[*ast.Ident]bool)
	argOf := make(map[*ast.Ident]bool)
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, file := range c.pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok && fd.Recv == nil {
				decls[fn] = fd
			}
			seedless := c.seedless(fd) // its *testing.F parameters, or nil
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
					if fn, ok := info.Uses[id].(*types.Func); ok {
						calls[fn] = append(calls[fn], call.Pos())
						callees[id] = true
					}
				}
				if fuzzMethod(info, call) != "Fuzz" || len(call.Args) != 1 {
					return true
				}
				recv, ok := ast.Unparen(ast.Unparen(call.Fun).(*ast.SelectorExpr).X).(*ast.Ident)
				if !ok || !seedless[info.Uses[recv]] {
					return true
				}
				switch arg := ast.Unparen(call.Args[0]).(type) {
				case *ast.FuncLit:
					code = append(code, arg)
				case *ast.Ident:
					argOf[arg] = true
				}
				return true
			})
		}
	}
	// uses counts every use of each function; a function is fuzz-only
	// when each is a call from fuzz-only code or a seedless Fuzz argument.
	uses := make(map[*types.Func]int)
	args := make(map[*types.Func]int)
	escapes := make(map[*types.Func]bool) // a value kept or passed: it may run anywhere
	for id, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || decls[fn] == nil {
			continue
		}
		uses[fn]++
		if argOf[id] {
			args[fn]++
		} else if !callees[id] {
			escapes[fn] = true
		}
	}
	inCode := func(pos token.Pos) bool {
		for _, n := range code {
			if n.Pos() <= pos && pos < n.End() {
				return true
			}
		}
		return false
	}
	done := make(map[*types.Func]bool)
	for changed := true; changed; {
		changed = false
		for fn, fd := range decls {
			if done[fn] || escapes[fn] || fn.Exported() || uses[fn] == 0 || !internalOnly(fd) {
				continue
			}
			from := args[fn]
			for _, pos := range calls[fn] {
				if inCode(pos) {
					from++
				}
			}
			if from == uses[fn] {
				done[fn] = true
				code = append(code, fd)
				changed = true
			}
		}
	}
	return code
}

// internalOnly reports whether only the package can call the function: no
// //export or //go:linkname directive names it, and it is not init.
func internalOnly(fd *ast.FuncDecl) bool {
	if fd.Name.Name == "init" || fd.Name.Name == "main" {
		return false
	}
	if fd.Doc != nil {
		for _, cm := range fd.Doc.List {
			if strings.HasPrefix(cm.Text, "//export ") || strings.HasPrefix(cm.Text, "//go:linkname ") {
				return false
			}
		}
	}
	return true
}

// seedless returns the *testing.F parameters of fd when fd, the function
// of a fuzz target, gives its callback no seed: it calls no Add method of
// *testing.F, hands its *testing.F parameters to nothing (each use is the
// receiver of a method call), and no testdata/fuzz/<name> directory is
// next to its file. Otherwise it returns nil.
func (c *checker) seedless(fd *ast.FuncDecl) map[types.Object]bool {
	info := c.pass.TypesInfo
	params := make(map[types.Object]bool)
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if obj := info.Defs[name]; obj != nil && isTestingF(obj.Type()) {
				params[obj] = true
			}
		}
	}
	if len(params) == 0 {
		return nil
	}
	receivers := make(map[*ast.Ident]bool)
	seeded := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if m := fuzzMethod(info, call); m != "" {
			if m == "Add" {
				seeded = true
			}
			if id, ok := ast.Unparen(ast.Unparen(call.Fun).(*ast.SelectorExpr).X).(*ast.Ident); ok {
				receivers[id] = true
			}
		}
		return true
	})
	if seeded {
		return nil
	}
	for id, obj := range info.Uses {
		if params[obj] && fd.Pos() <= id.Pos() && id.Pos() < fd.End() && !receivers[id] {
			return nil
		}
	}
	dir := filepath.Dir(c.pass.Fset.File(fd.Pos()).Name())
	if _, err := os.Stat(filepath.Join(dir, "testdata", "fuzz", fd.Name.Name)); !os.IsNotExist(err) {
		return nil
	}
	return params
}

// fuzzMethod returns the name of the *testing.F method that call calls, or
// "" when it calls something else.
func fuzzMethod(info *types.Info, call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok {
		return ""
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !isTestingF(recv.Type()) {
		return ""
	}
	return fn.Name()
}

// isTestingF reports whether t is *testing.F.
func isTestingF(t types.Type) bool {
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "testing" && named.Obj().Name() == "F"
}
