package filemode

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/rootcause"
)

// sharedFinding reports a mode that is too wide for shared temp. A
// creation inside a directory that the function (or, for a package-level
// path, the package) makes at a predictable name in shared temp owes its
// exposure to that directory: it is folded into the directory's finding,
// whose fix, a private directory, removes it (package rootcause). mode
// says how the creation sets the mode, for the related line.
func (c *checker) sharedFinding(call *fscall.Call, d analysis.Diagnostic, mode string) {
	if call.Recv != nil || call.Path == nil {
		c.r.Report(d)
		return
	}
	top, ok := c.paths.TopOf(call.Path)
	if !ok {
		c.r.Report(d)
		return
	}
	dir := call.IsDir()
	c.fold.Add(rootcause.Finding{
		Diag: d, Scope: rootcause.Scope(c.file, call.Call.Pos()), Top: top,
		MakesTop: makesTop(call, top.Depth),
		Dir:      dir,
		What:     fmt.Sprintf("%s creates %s %s", call.Name, rootcause.Describe(call.Path), mode),
	})
}

// made records the creation of a directory at a predictable name in
// shared temp: when the first such creation has a mode within the
// policy, the creations inside it that follow are out of other users'
// reach whatever their own modes, and are not reported. What remains is
// the directory's name, which another user can take first: temppath's
// finding, not a mode's.
func (c *checker) made(call *fscall.Call) {
	if call.Kind != fscall.CreateDir || call.Recv != nil || call.Path == nil || call.Mode == nil {
		return
	}
	top, ok := c.paths.TopOf(call.Path)
	if !ok || !makesTop(call, top.Depth) {
		return
	}
	private := false
	if v, ok := c.modes.Value(call.Mode); ok && c.modes.DecimalLiterals(call.Mode) == nil {
		p, _ := perm(call, v)
		private = exposed(p, c.dir0) == 0
	}
	c.fold.Made(rootcause.Scope(c.file, call.Call.Pos()), top, call.Call.Pos(), private)
}

// makesTop says the creation makes the top directory of its path: os.Mkdir
// of it, os.MkdirAll of it or of a path inside it.
func makesTop(call *fscall.Call, depth int) bool {
	return call.IsDir() && (depth == 0 || call.Func.Name() == "MkdirAll")
}
