package temppath

import (
	"go/ast"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/mounts"
)

// A function that mounts a fresh tmpfs on /tmp (PID 1 at boot, a
// container's init, a sandbox in its own mount namespace) and then creates
// in it owns what it mounted: the new /tmp holds nothing another user
// could have planted, so a fixed name there is not a shared temp name.

// inFreshTmpfs reports whether, before the call, the enclosing function
// mounts a tmpfs on the shared temp root of the call's path (a constant
// target: /tmp, /var/tmp or /dev/shm).
func (c *checker) inFreshTmpfs(call *fscall.Call) bool {
	if call.Path == nil || c.file == nil {
		return false
	}
	top, ok := c.paths.TopOf(call.Path)
	if !ok {
		return false
	}
	var body ast.Node
	p, _ := astutil.PathEnclosingInterval(c.file, call.Call.Pos(), call.Call.End())
	for _, n := range p {
		if d, ok := n.(*ast.FuncDecl); ok {
			body = d.Body
			break
		}
		if l, ok := n.(*ast.FuncLit); ok {
			body = l.Body
			break
		}
	}
	return mounts.FreshTmpfs(c.pass.TypesInfo, body, top.Dir, call.Call.Pos())
}
