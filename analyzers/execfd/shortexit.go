package execfd

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// The other shape of "the program ends right after" (endsprogram.go has
// the error returned to main): a return, success or not, after which
// every path runs only short work to the end of the program. A one-shot
// tool that starts a server and abandons it:
//
//	func main() {
//		defer release()                 // removes a lock file
//		err = update(func(n int) (int, error) {
//			...
//			if err := cmd.Start(); err != nil { return n, err }
//			return n + 1, nil           // the child is left running
//		})
//		fatal(err)                      // prints, os.Exit
//	}
//
// where update calls its callback and then only writes a file. The return
// of the callback leads back into update, then main, then the exit: the
// child goes to init a moment later, which reaps it; the descriptors kept
// for it close with the process.
//
// "Short" is decided by data flow over the control-flow graphs of the
// functions on the way: from the point of return, every reachable node
// (and every deferred call) makes no call that could run long. Loops,
// channel operations, select, goroutines waited for, function values of
// unknown behaviour and any call not known to be short could; the
// standard library's short calls are written down (shortStd); a function
// of the package is short when its body has no loop, no channel operation
// and only short calls (to a bounded depth).

// endsRightAfter reports whether the return ends the program right after
// through only short work: the function is a plain function of a main
// package called only from main's body, or a function literal passed as
// an argument, in main's body, to such a helper that calls it; and from
// that point of the helper and of main every path is short.
func (fn *fun) endsRightAfter(ret *ast.ReturnStmt) bool {
	c := fn.c
	if c.pass.Pkg.Name() != "main" || c.cfgs == nil {
		return false
	}
	switch node := fn.node.(type) {
	case *ast.FuncDecl:
		obj, _ := fn.info().Defs[node.Name].(*types.Func)
		if obj == nil || node.Recv != nil {
			return false
		}
		return c.mainShortAfter(obj)
	case *ast.FuncLit:
		helper, param, at := c.callbackOf(fn.file, node)
		if helper == nil {
			return false
		}
		decl := c.funcDecl(helper)
		g := c.cfgs.FuncDecl(decl)
		if g == nil || !c.deferredShort(decl.Body) {
			return false
		}
		calls, ok := c.callsOfParam(decl.Body, param)
		if !ok || len(calls) == 0 {
			return false
		}
		for _, k := range calls {
			if !c.shortAfter(g, k) {
				return false
			}
		}
		// Only the call that receives this literal: the helper's other
		// calls run other callbacks.
		main := c.mainDecl()
		return c.deferredShort(main.Body) && c.shortAfter(c.cfgs.FuncDecl(main), at)
	}
	return false
}

// callbackOf returns the plain function of the package to which lit is
// passed, directly, as an argument in the body of main (not within
// another function literal), the parameter that receives it, and the
// call.
func (c *checker) callbackOf(file *ast.File, lit *ast.FuncLit) (*types.Func, *types.Var, *ast.CallExpr) {
	path, _ := astutil.PathEnclosingInterval(file, lit.Pos(), lit.End())
	if len(path) < 2 || path[0] != ast.Node(lit) {
		return nil, nil, nil
	}
	call, ok := path[1].(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return nil, nil, nil
	}
	i := indexOf(call.Args, lit)
	callee, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if i < 0 || !ok || callee.Pkg() != c.pass.Pkg {
		return nil, nil, nil
	}
	sig := callee.Type().(*types.Signature)
	if sig.Recv() != nil || sig.Variadic() || i >= sig.Params().Len() {
		return nil, nil, nil
	}
	if d := c.funcDecl(callee); d == nil || d.Body == nil {
		return nil, nil, nil
	}
	for _, n := range path[2:] {
		switch n := n.(type) {
		case *ast.FuncLit:
			return nil, nil, nil
		case *ast.FuncDecl:
			if n.Recv != nil || n.Name.Name != "main" {
				return nil, nil, nil
			}
			return callee, sig.Params().At(i), call
		}
	}
	return nil, nil, nil
}

// callsOfParam returns the calls of param in body, and false when param
// is used otherwise (stored, passed on, called in a literal).
func (c *checker) callsOfParam(body *ast.BlockStmt, param *types.Var) ([]*ast.CallExpr, bool) {
	var calls []*ast.CallExpr
	ok := true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || c.pass.TypesInfo.Uses[id] != param {
			return ok
		}
		call, isCall := stack[len(stack)-1].(*ast.CallExpr)
		if !isCall || ast.Unparen(call.Fun) != ast.Expr(id) {
			ok = false
			return false
		}
		for _, s := range stack {
			if _, lit := s.(*ast.FuncLit); lit {
				ok = false
				return false
			}
		}
		calls = append(calls, call)
		return false
	})
	return calls, ok
}

// mainShortAfter reports whether every use of obj is a call in the body
// of main after which main reaches its end through short work only, and
// main's deferred calls are short.
func (c *checker) mainShortAfter(obj *types.Func) bool {
	calls := c.callsInMain(obj)
	if len(calls) == 0 {
		return false
	}
	main := c.mainDecl()
	g := c.cfgs.FuncDecl(main)
	if g == nil || !c.deferredShort(main.Body) {
		return false
	}
	for _, k := range calls {
		if !c.shortAfter(g, k.call) {
			return false
		}
	}
	return true
}

// mainDecl returns the declaration of main.
func (c *checker) mainDecl() *ast.FuncDecl {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" && fd.Body != nil {
				return fd
			}
		}
	}
	return nil
}

// shortAfter reports whether, in the graph g, everything that can run
// after the call k returns is short: the rest of the node that holds k,
// the nodes after it in its block and every block reachable from there.
// A loop on the way is not short.
func (c *checker) shortAfter(g *cfg.CFG, k *ast.CallExpr) bool {
	for _, b := range g.Blocks {
		for i, n := range b.Nodes {
			if n.Pos() > k.Pos() || k.End() > n.End() {
				continue
			}
			if !c.shortNode(n, k, 0) {
				return false
			}
			for _, m := range b.Nodes[i+1:] {
				if !c.shortNode(m, nil, 0) {
					return false
				}
			}
			return c.shortBlocks(b.Succs, map[*cfg.Block]bool{b: true})
		}
	}
	return false
}

// shortBlocks reports whether the blocks reachable from succs are short
// and form no loop.
func (c *checker) shortBlocks(succs []*cfg.Block, onPath map[*cfg.Block]bool) bool {
	for _, b := range succs {
		if onPath[b] {
			return false // a loop
		}
		switch b.Kind {
		case cfg.KindForBody, cfg.KindForLoop, cfg.KindRangeBody, cfg.KindRangeLoop, cfg.KindSelectCaseBody, cfg.KindSelectAfterCase:
			return false
		}
		for _, n := range b.Nodes {
			if !c.shortNode(n, nil, 0) {
				return false
			}
		}
		onPath[b] = true
		ok := c.shortBlocks(b.Succs, onPath)
		delete(onPath, b)
		if !ok {
			return false
		}
	}
	return true
}

// maxShortDepth bounds how deep calls of the package are followed.
const maxShortDepth = 3

// shortNode reports whether n (outside skip, a call already made, and
// outside function literals, which run only when called) makes only short
// calls and no channel operation.
func (c *checker) shortNode(n ast.Node, skip *ast.CallExpr, depth int) bool {
	short := true
	ast.Inspect(n, func(m ast.Node) bool {
		if !short || m == nil {
			return false
		}
		switch m := m.(type) {
		case *ast.CallExpr:
			if m == skip {
				return false
			}
			if !c.shortCall(m, depth) {
				short = false
			}
		case *ast.FuncLit, *ast.DeferStmt:
			return false // deferred calls: deferredShort
		case *ast.GoStmt, *ast.SelectStmt, *ast.SendStmt, *ast.ForStmt, *ast.RangeStmt:
			short = false
		case *ast.UnaryExpr:
			if m.Op == token.ARROW {
				short = false
			}
		}
		return short
	})
	return short
}

// deferredShort reports whether the calls deferred in body are short.
func (c *checker) deferredShort(body *ast.BlockStmt) bool {
	short := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				short = short && c.shortNode(lit.Body, nil, 1) && c.deferredShort(lit.Body)
			} else {
				short = short && c.shortCall(n.Call, 0)
			}
		}
		return short
	})
	return short
}

// shortCall reports whether the call cannot run long: a builtin, a
// conversion, a call that ends the process, a short function of the
// standard library, a context.CancelFunc, or a function of the package
// whose body is short.
func (c *checker) shortCall(call *ast.CallExpr, depth int) bool {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	if t := info.TypeOf(call.Fun); t != nil && isNamed(t, "context", "CancelFunc") {
		return true
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false // a function value: unknown
	}
	if pathflow.NewExits(info, nil).EndsProcess(call) {
		return true
	}
	if fn.Pkg() != c.pass.Pkg {
		return shortStd(fn)
	}
	decl := c.funcDecl(fn.Origin())
	if decl == nil || decl.Body == nil || depth >= maxShortDepth {
		return false
	}
	return c.shortNode(decl.Body, nil, depth+1) && c.deferredShort(decl.Body)
}

// shortStd reports whether a function of the standard library returns
// promptly: formatting, string and path work, the os calls on files and
// names, the log printers. Reading (from what may be a pipe or a FIFO),
// scanning input, waiting, sleeping, the network and anything not listed
// may not.
func shortStd(fn *types.Func) bool {
	switch fn.Pkg().Path() {
	case "fmt":
		// Scan* and Fscan* wait for input.
		return !strings.HasPrefix(fn.Name(), "Scan") && !strings.HasPrefix(fn.Name(), "Fscan")
	case "strconv", "strings", "bytes", "errors", "path", "path/filepath", "sort", "unicode", "unicode/utf8":
		return true
	case "log":
		return true // Fatal* end the process; Print* format
	case "os":
		switch fn.Name() {
		case "Read", "ReadAt", "ReadFrom", "ReadFile", "Wait", "WriteTo", "StartProcess", "Pipe":
			return false
		}
		return true
	case "context":
		switch fn.Name() {
		case "Background", "TODO", "WithCancel", "WithTimeout", "WithDeadline", "WithValue":
			return true
		}
	}
	return false
}
