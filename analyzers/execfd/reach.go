package execfd

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A start hands a file to the child only on the paths where the file
// exists: a start on a branch that the file's creation never reaches
// ("if tty { run(cmd) } else { r, w, _ := os.Pipe(); cmd.Stdin = r; ... }")
// runs the command without it.

// reaches reports whether some path of the function's control-flow graph
// leads from the node from to the node to. It reports true when either
// node is not found among the graph's statements (inside a function
// literal, say): the check then stays as it was.
func (fn *fun) reaches(from, to ast.Node) bool {
	if fn.cfg == nil || from == nil || to == nil {
		return true
	}
	fb, fi := blockOf(fn.cfg, from)
	tb, ti := blockOf(fn.cfg, to)
	if fb == nil || tb == nil {
		return true
	}
	if fb == tb && fi <= ti {
		return true
	}
	seen := make(map[*cfg.Block]bool)
	work := append([]*cfg.Block(nil), fb.Succs...)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == tb {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		work = append(work, b.Succs...)
	}
	return false
}

// blockOf returns the block of g whose statement holds n, and the
// statement's index in it.
func blockOf(g *cfg.CFG, n ast.Node) (*cfg.Block, int) {
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for i, s := range b.Nodes {
			if s.Pos() <= n.Pos() && n.End() <= s.End() {
				if lit := enclosingLit(s, n); lit {
					return nil, 0
				}
				return b, i
			}
		}
	}
	return nil, 0
}

// enclosingLit reports whether n lies inside a function literal within s.
func enclosingLit(s, n ast.Node) bool {
	found := false
	ast.Inspect(s, func(x ast.Node) bool {
		if found || x == nil {
			return false
		}
		if lit, ok := x.(*ast.FuncLit); ok && lit.Pos() <= n.Pos() && n.End() <= lit.End() {
			found = true
			return false
		}
		return x.Pos() <= n.Pos() && n.End() <= x.End()
	})
	return found
}

// inPipeCloseFailure reports whether the node lies in the branch taken when
// closing a pipe end that the function made fails:
//
//	if err := r.Close(); err != nil {
//		return err // n
//	}
//
// Closing an open pipe end cannot fail (close(2) on a pipe reports no I/O
// error), so no path goes through that branch.
func (fn *fun) inPipeCloseFailure(n ast.Node) bool {
	path, _ := astutil.PathEnclosingInterval(fn.file, n.Pos(), n.End())
	for i, p := range path {
		ifs, ok := p.(*ast.IfStmt)
		if !ok {
			continue
		}
		if i == 0 || path[i-1] != ifs.Body {
			return false // the nearest if holds n outside its body
		}
		as, ok := ifs.Init.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return false
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Close" {
			return false
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := fn.info().Uses[id].(*types.Var)
		f := fn.files[v]
		if f == nil || !f.read && !f.write {
			return false
		}
		errID, ok := as.Lhs[0].(*ast.Ident)
		bin, ok2 := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || !ok2 || bin.Op != token.NEQ {
			return false
		}
		x, ok := ast.Unparen(bin.X).(*ast.Ident)
		return ok && pkgtypes.IsNil(fn.info(), bin.Y) && fn.info().ObjectOf(x) == fn.info().ObjectOf(errID)
	}
	return false
}
