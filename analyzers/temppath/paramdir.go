package temppath

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// checkParamDir reports a creation at a predictable name inside a
// directory that the function receives as a parameter, when some caller
// in the package passes a shared temp directory for it: directly, from a
// loop over a package-level slice that holds one (the candidate log
// directories, os.TempDir() last), or through its own parameter. The
// name is built here, so the hazard and its fix are here too, whatever
// the other callers pass. Only creations that follow a name someone else
// made are judged: os.Create, os.OpenFile with O_CREATE and without
// O_EXCL, os.WriteFile, os.MkdirAll.
func (c *checker) checkParamDir(call *fscall.Call, parent inspector.Cursor) {
	info := c.pass.TypesInfo
	switch {
	case call.Kind == fscall.CreateFile:
		if call.Creates(info) != fscall.Yes || call.FlagSet(info, "O_EXCL", "O_EXCL") != fscall.No {
			return
		}
	case call.Kind == fscall.CreateDir && call.Func.Name() == "MkdirAll":
	default:
		return
	}
	if call.Recv != nil {
		return
	}
	var decl *ast.FuncDecl
	for cur := parent; cur.Node() != nil; cur = cur.Parent() {
		if fd, ok := cur.Node().(*ast.FuncDecl); ok {
			decl = fd
			break
		}
	}
	if decl == nil {
		return
	}
	fn, ok := info.Defs[decl.Name].(*types.Func)
	if !ok {
		return
	}
	i, rest, ok := c.paths.ParamJoin(call.Path, fn.Signature())
	if !ok {
		return
	}
	named := false
	for _, part := range rest {
		d := c.paths.DescribeWith(part, c.facts.foreign)
		if !d.PredictableParts || d.Loc == tempdir.Private {
			return
		}
		named = named || d.Predictable
	}
	if !named {
		return
	}
	// With predictable names joined to the parameter, the createsAt fact
	// reports the calls that pass a shared directory, in any package: only
	// the loops are left to judge here.
	_, _, followed := c.paths.ParamPath(call.Path, fn.Signature())
	chain, ok := c.paths.CallerShared(fn, i, c.facts.foreign, followed)
	if !ok {
		return
	}
	fix := "open it with O_CREATE|O_EXCL (and handle an existing name), or use os.CreateTemp"
	if call.Kind == fscall.CreateDir {
		fix = "use os.MkdirTemp"
	}
	c.report(analysis.Diagnostic{
		Pos: call.Call.Pos(), End: call.Call.End(),
		Message: fmt.Sprintf("%s at a predictable name in shared temp dir (%s is %s): %s; %s",
			call.Name, fn.Signature().Params().At(i).Name(), chain, squat(call.Kind), fix),
	})
}
