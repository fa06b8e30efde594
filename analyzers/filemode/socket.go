package filemode

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/stmtlist"
	"github.com/tmplint/tmplint/passes/modeval"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// connectBits are the permission bits that let a user connect to a unix
// socket: connect(2) needs write permission on the socket file.
const connectBits = 0o022

// socket judges a bind that creates a unix socket. Its mode is 0777 less
// the umask, and only the write bits matter. In a shared temp directory:
// when the function sets the umask before the bind (old :=
// syscall.Umask(0) ... restore), the mode is known and reported by
// default if it lets others connect; when the umask is the one the
// process inherited, nothing in the code says what it is, so only the
// strict profile reports it.
func (c *checker) socket(call *fscall.Call, cur inspector.Cursor) {
	if call.Creates(c.pass.TypesInfo) != fscall.Yes || c.container(call) != tempdir.Shared {
		return
	}
	mask, known := c.umaskBefore(cur)
	if known {
		mode := 0o777 &^ mask
		extra := exposed(mode, c.file0) & connectBits
		if extra == 0 {
			return
		}
		who := "any local user"
		if extra&0o002 == 0 {
			who = "its group"
		}
		report := c.r.Report
		if c.inPrivateDir(call) || c.privateAncestor(call) {
			report = c.r.ReportStrict // privateparent.go, ancestors.go
		}
		report(analysis.Diagnostic{
			Pos: call.Call.Pos(), End: call.Call.End(),
			Message: fmt.Sprintf("%s creates the unix socket in shared temp dir with mode %s (0777 less the umask %s set before it): %s can connect to it; create it in a directory from os.MkdirTemp (0700), or bind with the umask %s",
				call.Name, modeval.Format(mode), octal3(mask), who, octal3(0o077&^c.file0)),
		})
		return
	}
	c.r.ReportStrict(analysis.Diagnostic{
		Pos: call.Call.Pos(), End: call.Call.End(),
		Message: fmt.Sprintf("%s creates a unix socket in shared temp dir with mode 0777 less the inherited umask: with a umask such as 0o002 or 0 other users can connect to it; create it in a directory from os.MkdirTemp (0700)",
			call.Name),
	})
}

// umaskBefore returns the umask that the enclosing function sets, with a
// constant, in a statement that runs before the one holding the call on
// every path: a statement of the same or an enclosing block, not nested
// in a branch or a loop. The last such Umask wins; a Umask nested in an
// earlier compound statement makes the umask unknown. The inner call of
// defer syscall.Umask(syscall.Umask(0)) runs at the defer statement.
func (c *checker) umaskBefore(cur inspector.Cursor) (uint64, bool) {
	info := c.pass.TypesInfo
	for ; ; cur = cur.Parent() {
		switch cur.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit, *ast.File, nil:
			return 0, false
		}
		list, ok := stmtlist.Of(cur.Parent().Node())
		if !ok {
			continue
		}
		stmt, ok := cur.Node().(ast.Stmt)
		if !ok {
			continue
		}
		i := indexOf(list, stmt)
		for j := i - 1; j >= 0; j-- {
			calls, nested := umaskCalls(info, list[j])
			if nested {
				return 0, false
			}
			if len(calls) == 0 {
				continue
			}
			last := calls[len(calls)-1]
			if last.Mode == nil {
				return 0, false
			}
			v, ok := c.modes.Value(last.Mode)
			return v & 0o777, ok
		}
	}
}

// umaskCalls returns the Umask calls that statement s makes when it runs,
// in order, and whether it holds one that may or may not run: in a
// branch or loop of a compound statement, in a closure, or deferred.
func umaskCalls(info *types.Info, s ast.Stmt) (calls []fscall.Call, nested bool) {
	switch s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.DeferStmt, *ast.GoStmt, *ast.SendStmt, *ast.IncDecStmt:
	default:
		return nil, hasUmask(info, s)
	}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				nested = nested || hasUmask(info, n.Body)
				return false
			case *ast.DeferStmt: // the arguments run now, the call at the exit
				visitCallParts(n.Call, visit)
				return false
			case *ast.GoStmt:
				visitCallParts(n.Call, visit)
				nested = nested || isUmask(info, n.Call)
				return false
			case *ast.CallExpr: // the arguments run first
				visitCallParts(n, visit)
				if fc, ok := fscall.Match(info, n); ok && fc.Kind == fscall.Umask {
					calls = append(calls, fc)
				}
				return false
			}
			return true
		})
	}
	visit(s)
	return calls, nested
}

func visitCallParts(call *ast.CallExpr, visit func(ast.Node)) {
	visit(call.Fun)
	for _, a := range call.Args {
		visit(a)
	}
}

func isUmask(info *types.Info, call *ast.CallExpr) bool {
	fc, ok := fscall.Match(info, call)
	return ok && fc.Kind == fscall.Umask
}

// hasUmask reports whether n holds a Umask call.
func hasUmask(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok && isUmask(info, call) {
			found = true
		}
		return !found
	})
	return found
}

func indexOf(list []ast.Stmt, s ast.Stmt) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// octal3 formats a umask with three digits, as umasks are written: 0o022.
func octal3(v uint64) string { return fmt.Sprintf("0o%03o", v) }
