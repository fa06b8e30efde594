package tempcleanup

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A function that, before it creates a temp object with a pattern, removes
// what earlier runs left at that pattern — filepath.Glob of the same
// directory joined with a pattern that matches the new object's names,
// then os.Remove or os.RemoveAll of each match — keeps the object at
// return on purpose: the next run prunes it (tailscale's Synology update
// removes the tailscale-update*/*.spk downloads of earlier updates before
// it makes a new tailscale-update dir). A strict maintainer calls the
// leak debatable, so its finding is strict-only.
//
// The removal is a statement of a block around the creation, before it:
// it runs first on every path to the creation. It is the glob and the
// range over its matches in the function itself, or a call of a function
// of the package that globs one of its parameters and removes each match,
// given the joined pattern. The creation is os.MkdirTemp, os.CreateTemp,
// ioutil.TempDir or ioutil.TempFile with a constant pattern; its
// directory is "" or os.TempDir() (the glob's os.TempDir()), or the same
// variable. The glob's first element below the directory must match the
// names the pattern makes; further elements (the files inside earlier
// dirs) are allowed: the run removes what the earlier objects hold.

// prunedOnNextRun reports whether the function removes, before the
// creation and on every path to it, the objects that earlier runs made at
// the creation's pattern.
func (c *checker) prunedOnNextRun(fn ast.Node, cr *tempfacts.Creation) bool {
	if !stdCreator(cr) || len(cr.Call.Args) != 2 || funcBody(fn) == nil {
		return false
	}
	info := c.pass.TypesInfo
	tv, ok := info.Types[cr.Call.Args[1]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	pattern := constant.StringVal(tv.Value)
	sample := pattern + "0123456789"
	if i := strings.LastIndex(pattern, "*"); i >= 0 {
		sample = pattern[:i] + "0123456789" + pattern[i+1:]
	}
	covers := func(glob ast.Expr) bool { return c.globCovers(glob, cr.Call.Args[0], sample) }
	var file *ast.File
	for _, f := range c.pass.Files {
		if f.FileStart <= cr.Call.Pos() && cr.Call.Pos() < f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, cr.Call.Pos(), cr.Call.End())
	for _, n := range path {
		if n == fn {
			break
		}
		block, ok := n.(*ast.BlockStmt)
		if !ok {
			continue
		}
		for i, s := range block.List {
			if s.End() > cr.Call.Pos() {
				break
			}
			if removesGlobMatches(info, block.List[i:], covers, cr.Call.Pos()) {
				return true
			}
			es, ok := s.(*ast.ExprStmt)
			if !ok {
				continue
			}
			call, ok := ast.Unparen(es.X).(*ast.CallExpr)
			if ok && c.callPrunes(call, covers) {
				return true
			}
		}
	}
	return false
}

// callPrunes reports whether the call calls a function of the package
// that removes the matches of the glob it receives, with a glob that
// covers the creation.
func (c *checker) callPrunes(call *ast.CallExpr, covers func(ast.Expr) bool) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg {
		return false
	}
	var decl *ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[fd.Name] == fn {
				decl = fd
			}
		}
	}
	if decl == nil || decl.Body == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	for i, arg := range call.Args {
		if i >= sig.Params().Len() || !covers(arg) {
			continue
		}
		param := sig.Params().At(i)
		isParam := func(e ast.Expr) bool {
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && c.pass.TypesInfo.Uses[id] == param
		}
		if removesGlobMatches(c.pass.TypesInfo, decl.Body.List, isParam, decl.Body.End()) {
			return true
		}
	}
	return false
}

// removesGlobMatches reports whether the first statement of list assigns
// the matches of filepath.Glob of a pattern that isGlob accepts, and a
// later statement before limit ranges over them removing each one
// (os.Remove or os.RemoveAll of the range's value).
func removesGlobMatches(info *types.Info, list []ast.Stmt, isGlob func(ast.Expr) bool, limit token.Pos) bool {
	if len(list) == 0 {
		return false
	}
	as, ok := list[0].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 2 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !isStdFunc(info, call, "path/filepath", "Glob") || !isGlob(call.Args[0]) {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	matches := info.ObjectOf(id)
	for _, s := range list[1:] {
		rs, ok := s.(*ast.RangeStmt)
		if s.End() > limit {
			break
		}
		if !ok || rs.Value == nil {
			continue
		}
		x, ok := ast.Unparen(rs.X).(*ast.Ident)
		vid, ok2 := rs.Value.(*ast.Ident)
		if !ok || !ok2 || matches == nil || info.ObjectOf(x) != matches {
			continue
		}
		value := info.ObjectOf(vid)
		removed := false
		ast.Inspect(rs.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if ok && len(call.Args) == 1 && (isStdFunc(info, call, "os", "Remove") || isStdFunc(info, call, "os", "RemoveAll")) {
				if a, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && info.Uses[a] == value {
					removed = true
				}
			}
			return !removed
		})
		if removed {
			return true
		}
	}
	return false
}

// globCovers reports whether glob is filepath.Join of the creation's
// directory and a constant pattern that matches sample, a name the
// creation makes, then any further elements.
func (c *checker) globCovers(glob, dir ast.Expr, sample string) bool {
	info := c.pass.TypesInfo
	call, ok := ast.Unparen(glob).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 || !isStdFunc(info, call, "path/filepath", "Join") {
		return false
	}
	if !sameTempDir(info, call.Args[0], dir) {
		return false
	}
	tv, ok := info.Types[call.Args[1]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	matched, err := filepath.Match(constant.StringVal(tv.Value), sample)
	return err == nil && matched
}

// sameTempDir reports whether the glob's directory g names the creation's
// directory d: os.TempDir() for "" or os.TempDir(), or the same variable.
func sameTempDir(info *types.Info, g, d ast.Expr) bool {
	tempDir := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && len(call.Args) == 0 && isStdFunc(info, call, "os", "TempDir")
	}
	if tv, ok := info.Types[d]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "" || tempDir(d) {
		return tempDir(g)
	}
	gid, ok1 := ast.Unparen(g).(*ast.Ident)
	did, ok2 := ast.Unparen(d).(*ast.Ident)
	return ok1 && ok2 && info.Uses[gid] != nil && info.Uses[gid] == info.Uses[did]
}

// isStdFunc reports whether the call calls the package-level function.
func isStdFunc(info *types.Info, call *ast.CallExpr, path, name string) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name && fn.Type().(*types.Signature).Recv() == nil
}
