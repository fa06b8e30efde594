package filemode

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fscall"
)

// A socket or FIFO made world-writable in a directory the code itself
// made private is out of other users' reach: they cannot search the
// directory, so the node's own mode admits no one but the owner (SPEC).
// Its chmod is then strict-only. The proof is local to the function:
//
//	os.Mkdir(dir, 0o700)                 // or os.MkdirTemp, or os.Chmod(dir, 0o700)
//	sock := filepath.Join(dir, "ctl.sock")
//	l, err := net.Listen("unix", sock)
//	os.Chmod(sock, 0o777)
//
// os.MkdirAll alone proves nothing: on a directory that already exists it
// does nothing, whatever its mode.

// inPrivateDir reports whether the path is a direct child of a directory
// that the enclosing function makes private: os.MkdirTemp's result, or a
// path given to os.Mkdir (syscall/unix Mkdir) or a chmod with a mode that
// grants the group and others nothing.
func (c *checker) inPrivateDir(call *fscall.Call) bool {
	if call.Path == nil || c.file == nil {
		return false
	}
	dir := c.parentOf(call.Path)
	if dir == nil {
		return false
	}
	if v := c.paths.Value(dir); v != nil {
		if k, ok := ast.Unparen(v).(*ast.CallExpr); ok {
			if fc, ok := fscall.Match(c.pass.TypesInfo, k); ok && fc.Kind == fscall.TempDir {
				return true // dir, err := os.MkdirTemp(...): 0700
			}
		}
	}
	body := c.enclosingBody(call.Call.Pos())
	if body == nil {
		return false
	}
	info := c.pass.TypesInfo
	private := false
	ast.Inspect(body, func(n ast.Node) bool {
		k, ok := n.(*ast.CallExpr)
		if !ok || private {
			return !private
		}
		fc, ok := fscall.Match(info, k)
		if !ok || fc.Path == nil || fc.Mode == nil || !samePath(info, fc.Path, dir) {
			return true
		}
		if fc.Kind == fscall.Chmod || fc.Kind == fscall.CreateDir && fc.Func.Name() != "MkdirAll" {
			if v, ok := c.modes.Value(fc.Mode); ok && v&0o077 == 0 {
				private = true
			}
		}
		return true
	})
	return private
}

// parentOf returns the directory expression of a path built as
// filepath.Join(dir, name), path.Join(dir, name) or dir + "/name", through
// a local variable assigned once.
func (c *checker) parentOf(e ast.Expr) ast.Expr {
	for range 2 {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v := c.paths.Value(x); v != nil {
				e = v
				continue
			}
			return nil
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(c.pass.TypesInfo, x).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Name() != "Join" || len(x.Args) != 2 || x.Ellipsis.IsValid() {
				return nil
			}
			if p := fn.Pkg().Path(); p != "path/filepath" && p != "path" {
				return nil
			}
			return x.Args[0]
		case *ast.BinaryExpr:
			if x.Op != token.ADD {
				return nil
			}
			return x.X
		default:
			return nil
		}
	}
	return nil
}

// enclosingBody returns the body of the innermost function around pos.
func (c *checker) enclosingBody(pos token.Pos) *ast.BlockStmt {
	path, _ := astutil.PathEnclosingInterval(c.file, pos, pos)
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncDecl:
			return n.Body
		case *ast.FuncLit:
			return n.Body
		}
	}
	return nil
}
