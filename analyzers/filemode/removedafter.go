package filemode

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// A chmod that opens a tree so that it can be removed (a module cache of
// 0555 directories, made 0777 one by one in a walk of its root, then
// removed) leaves the mode in place only until the removal, which the
// next statement makes: the walk calls the chmod synchronously, and the
// removal of the root follows it on every path. Another user can at most
// add entries that the removal deletes too, or make it fail. Such a chmod
// is strict-only: the tree is gone right after.

// removedRightAfter reports whether the chmod's path is the root of a
// tree that the statement right after the chmod (or after the walk of the
// root whose callback makes it) removes: os.RemoveAll of the root, or a
// function that removes its argument on every path (tempfacts).
func (c *checker) removedRightAfter(call *fscall.Call) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(call.Path).(*ast.Ident)
	if !ok || info.Uses[id] == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(c.file, call.Call.Pos(), call.Call.End())
	root := info.Uses[id]
	at := ast.Node(call.Call)
	for i, n := range path {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			continue
		}
		// The chmod runs in a function literal: it must be the callback
		// of a walk of a root, called with the tree's paths.
		walk, r := c.walkOf(lit, path[i+1:])
		if walk == nil || !firstParam(info, lit, root) {
			return false
		}
		root, at = r, walk
		break
	}
	stmt, block := statementOf(at, path)
	if stmt == nil {
		return false
	}
	for j, s := range block.List {
		if s == stmt && j+1 < len(block.List) {
			return c.removes(block.List[j+1], root)
		}
	}
	return false
}

// walkOf returns the call of filepath.Walk, filepath.WalkDir or
// fs.WalkDir whose callback is the literal, and the variable of the
// walk's root; the literal's ancestors are given, innermost first.
func (c *checker) walkOf(lit *ast.FuncLit, ancestors []ast.Node) (*ast.CallExpr, types.Object) {
	if len(ancestors) == 0 {
		return nil, nil
	}
	call, ok := ancestors[0].(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || ast.Unparen(call.Args[len(call.Args)-1]) != lit {
		return nil, nil
	}
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil, nil
	}
	rootArg := -1
	switch p := fn.Pkg().Path(); {
	case p == "path/filepath" && (fn.Name() == "Walk" || fn.Name() == "WalkDir"):
		rootArg = 0
	case p == "io/fs" && fn.Name() == "WalkDir":
		rootArg = 1
	default:
		return nil, nil
	}
	id, ok := ast.Unparen(call.Args[rootArg]).(*ast.Ident)
	if !ok || c.pass.TypesInfo.Uses[id] == nil {
		return nil, nil
	}
	return call, c.pass.TypesInfo.Uses[id]
}

// firstParam reports whether obj is the literal's first parameter: the
// path of the tree's entry that the walk hands the callback.
func firstParam(info *types.Info, lit *ast.FuncLit, obj types.Object) bool {
	params := lit.Type.Params.List
	return len(params) > 0 && len(params[0].Names) > 0 && info.Defs[params[0].Names[0]] == obj
}

// statementOf returns the statement of a block that holds the node, and
// the block; path is the node's enclosing path, innermost first.
func statementOf(n ast.Node, path []ast.Node) (ast.Stmt, *ast.BlockStmt) {
	for i, p := range path {
		if p.Pos() > n.Pos() || p.End() < n.End() || i+1 >= len(path) {
			continue
		}
		if block, ok := path[i+1].(*ast.BlockStmt); ok {
			if stmt, ok := p.(ast.Stmt); ok {
				return stmt, block
			}
		}
	}
	return nil, nil
}

// removes reports whether the statement is, or returns, a call that
// removes the root: os.RemoveAll(root), or a function that removes its
// argument on every path.
func (c *checker) removes(stmt ast.Stmt, root types.Object) bool {
	var call *ast.CallExpr
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(s.X).(*ast.CallExpr)
	case *ast.ReturnStmt:
		if len(s.Results) == 1 {
			call, _ = ast.Unparen(s.Results[0]).(*ast.CallExpr)
		}
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			call, _ = ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		}
	}
	if call == nil || len(call.Args) != 1 {
		return false
	}
	if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[id] != root {
		return false
	}
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == "os" && fn.Name() == "RemoveAll" {
		return true
	}
	facts, _ := c.pass.ResultOf[tempfacts.Analyzer].(*tempfacts.Result)
	return facts != nil && facts.Removes(fn, 0)
}
