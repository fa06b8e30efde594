package temppath

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/rootcause"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// A chmod of a predictable name in shared temp that the code never
// creates itself follows whatever is there: another local user can create
// the name first, or plant a symlink that the chmod follows to a file of
// theirs or of the user's (jollheef/appvm let qemu-img create
// /tmp/.appvm.fake.qcow2 when missing, then chmodded and used it). When
// the code creates the name too, that creation is reported and its fix
// removes this hazard as well.

// A pendingChmod is a chmod of a predictable shared temp path, waiting
// until every creation of the package is known.
type pendingChmod struct {
	call  *ast.CallExpr
	name  string
	path  ast.Expr
	top   tempdir.Top
	file  *ast.File
	where string
}

// chmod records a chmod by path of a predictable name in shared temp.
func (c *checker) chmod(call *fscall.Call) {
	if call.Path == nil || call.Recv != nil {
		return
	}
	d := c.paths.DescribeWith(call.Path, c.facts.foreign)
	if d.Loc != tempdir.Shared || !d.Predictable {
		return
	}
	top, ok := c.paths.TopOf(call.Path)
	if !ok {
		return
	}
	c.chmods = append(c.chmods, pendingChmod{call: call.Call, name: call.Name, path: call.Path, top: top, file: c.file, where: c.origin(d.Origin)})
}

// checkChmods reports the chmods of names that no creation of the package
// makes.
func (c *checker) checkChmods() {
	for _, p := range c.chmods {
		if c.created[p.top.Path] {
			continue
		}
		c.fold.Add(rootcause.Finding{
			Diag: analysis.Diagnostic{
				Pos: p.call.Pos(), End: p.call.End(),
				Message: fmt.Sprintf("%s at a predictable name in shared temp dir%s that this code does not create: another local user can create it first or plant a symlink, which the chmod follows to a file of theirs or of yours; keep the file in a directory from os.MkdirTemp",
					p.name, p.where),
			},
			Scope: rootcause.Scope(p.file, p.call.Pos()), Top: p.top,
			What: fmt.Sprintf("%s changes the mode of %s", p.name, rootcause.Describe(p.path)),
		})
	}
}
