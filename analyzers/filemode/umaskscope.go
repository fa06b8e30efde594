package filemode

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/testpar"
)

// A umask cleared and restored in the same function (read at once, or
// saved and restored by a defer) is cleared only while the function runs.
// Files created with the usual modes in that window are exposed only if
// another goroutine creates them then: one that the function starts while
// the mask is cleared, or a parallel test. When the function starts none
// (no go statement after the Umask call, in it or in a function of the
// package it calls there) and is not part of a parallel test, the finding
// is strict-only. What this cannot see: goroutines that other code started
// before the call; -strict reports the window for programs that have them.

// clearedWhileConcurrent reports whether, while the mask set by the call is
// cleared, a goroutine may run that this package starts: a parallel test
// that the function belongs to, or, when the mask stays cleared until the
// function returns (untilReturn), a go statement after the call in the
// function or in a function of the package it calls after it.
func (c *checker) clearedWhileConcurrent(call *fscall.Call, untilReturn bool) bool {
	path, _ := astutil.PathEnclosingInterval(c.file, call.Call.Pos(), call.Call.End())
	var decl *ast.FuncDecl
	for _, n := range path {
		if d, ok := n.(*ast.FuncDecl); ok {
			decl = d
		}
	}
	if decl == nil {
		return false // package initialization: one goroutine, before main
	}
	if c.parallel == nil {
		c.parallel = testpar.Funcs(c.pass.TypesInfo, c.pass.Files)
	}
	if c.parallel[decl] {
		return true
	}
	if !untilReturn {
		return false // restored by the next statement: nothing runs between
	}
	seen := make(map[*ast.FuncDecl]bool)
	return c.startsGoroutine(decl.Body, call.Call.End(), seen)
}

// startsGoroutine reports whether the node, from pos on, has a go
// statement or calls a function of the package that has one.
func (c *checker) startsGoroutine(n ast.Node, pos token.Pos, seen map[*ast.FuncDecl]bool) bool {
	if c.decls == nil {
		c.decls = make(map[*types.Func]*ast.FuncDecl)
		for _, file := range c.pass.Files {
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
					}
				}
			}
		}
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found || n == nil || n.End() <= pos {
			return !found && n != nil && n.End() > pos
		}
		switch n := n.(type) {
		case *ast.GoStmt:
			found = n.Pos() >= pos
		case *ast.Ident:
			if n.Pos() < pos {
				break
			}
			if fn, ok := c.pass.TypesInfo.Uses[n].(*types.Func); ok {
				if d := c.decls[fn.Origin()]; d != nil && !seen[d] {
					seen[d] = true
					found = c.startsGoroutine(d.Body, d.Body.Pos(), seen)
				}
			}
		}
		return !found
	})
	return found
}
