package tempcleanup

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pathflow"
	"github.com/tmplint/tmplint/passes/tempfacts"
)

// ownerDropped follows a temp object that every path hands off into the
// fields of a local owner (s.dir = dir, &Server{dir: dir}): the owner now
// owes the removal, and a return that drops it (neither returned, stored
// nor released by a method that removes the field) leaves the object on
// disk. It reports those returns, and says whether it reported any.
func (c *checker) ownerDropped(fn ast.Node, cr *tempfacts.Creation, obj, cleanup *types.Var, name string, query func(*tempfacts.Tracker) []pathflow.Leak) bool {
	if obj == nil {
		return false
	}
	t := c.res.Track(fn, cr.Kind, obj, cleanup, tempfacts.Owners)
	if c.inCallersDir(cr) && !t.AttemptsRemoval() {
		return false // the directory's owner cleans up, as for any leak
	}
	stores := t.OwnerStores()
	if len(stores) == 0 {
		return false
	}
	store := stores[0]
	for _, s := range stores {
		if s.Direct {
			store = s // name the field that holds the object itself
			break
		}
	}
	reported := false
	for _, l := range query(t) {
		if l.Kind != pathflow.Return {
			continue // t.Fatal, os.Exit, panics: the owner's story is the return
		}
		reported = true
		owner := store.Owner.Name()
		held := owner
		if store.Field != nil {
			held = fmt.Sprintf("%s.%s", owner, store.Field.Name())
		}
		fix := "remove it before returning"
		if c.startedCommand(fn, store.Owner) {
			// The child runs on in the directory (its root, its working
			// directory): removing it now pulls it from under the child.
			fix = fmt.Sprintf("remove it once the child has exited: after %s.Wait returns (in a goroutine that waits, if the function must not block)", owner)
		} else if named := ownerType(store.Owner.Type()); named != nil && store.Direct && store.Field != nil {
			if m := c.res.ReleaseMethod(named, store.Field); m != "" {
				fix = fmt.Sprintf("call %s.%s() before returning", owner, m)
			}
		}
		c.r.Report(analysis.Diagnostic{
			Pos: l.Node.Pos(), End: l.Node.End(),
			Message: fmt.Sprintf("%s from %s is held by %s, which this return drops without removing it, so it stays on disk: %s",
				what(cr, name), c.calleeName(cr), held, fix),
			Related: []analysis.RelatedInformation{
				{Pos: cr.Call.Pos(), End: cr.Call.End(), Message: "the temp object"},
				{Pos: store.Node.Pos(), End: store.Node.End(), Message: "stored in the owner here"},
			},
		})
	}
	// The owner's partial releaser matters only when the object has no
	// removal of its own (go-getter's ChecksumFromFile defers the removal
	// of the temp file it hands to a Client's Get as its destination).
	if store.Direct && store.Field != nil && !c.res.Track(fn, cr.Kind, obj, cleanup, tempfacts.Default).AttemptsRemoval() {
		c.partialRelease(fn, store.Owner, store.Field, cr.Kind, c.calleeName(cr)) // partialrelease.go
	}
	return reported
}

// startedCommand reports whether owner is an *exec.Cmd that the function
// starts (cmd.Start): its child may still run when the function returns.
func (c *checker) startedCommand(fn ast.Node, owner *types.Var) bool {
	named := ownerType(owner.Type())
	if named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "os/exec" || named.Obj().Name() != "Cmd" {
		return false
	}
	started := false
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || started {
			return !started
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Start" {
			if id, ok := sel.X.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == owner {
				started = true
			}
		}
		return !started
	})
	return started
}

// ownerType returns the named type of an owner (T or *T), or nil.
func ownerType(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// owningFields reports the stores of the tracked object into an unexported
// field of a struct type of the package when no code of the package ever
// removes what the field holds (or lets it go elsewhere): whoever holds the
// value cannot remove the object, so it stays on disk.
//
// A field is no owner when the function removes the object itself (the
// field only refers to it), prints its path for the user (left on disk
// on purpose), or creates it in a directory someone else manages (a
// parameter, c.MkDir(): that directory's owner cleans up).
func (c *checker) owningFields(t *tempfacts.Tracker, cr *tempfacts.Creation) {
	stores := t.FieldStores()
	if len(stores) == 0 || c.inCallersDir(cr) || t.AttemptsRemoval() || t.Shows() {
		return
	}
	for _, s := range stores {
		c.owningField(s.Node, s.Field, s.Type, cr)
	}
}

// owningFieldAt checks a creation assigned straight into a field:
// "s.dir, err = os.MkdirTemp(...)".
func (c *checker) owningFieldAt(fn ast.Node, g *cfg.CFG, stmt ast.Node, cr *tempfacts.Creation) {
	lhs, _ := pathflow.AssignSides(stmt)
	if cr.Object < 0 || cr.Object >= len(lhs) {
		return
	}
	// The package means to remove it where its removal is gated
	// (gatedfield.go), whatever the directory.
	c.gatedFieldLeaks(fn, g, stmt, cr, lhs)
	if c.inCallersDir(cr) {
		return
	}
	if f, named := c.res.FieldSelected(lhs[cr.Object]); f != nil {
		c.owningField(stmt, f, named, cr)
	}
}

func (c *checker) owningField(n ast.Node, f *types.Var, named *types.Named, cr *tempfacts.Creation) {
	if f.Exported() || c.fieldReported[n] || c.res.FieldKept(f) {
		return // another package may remove an exported field
	}
	if c.fieldReported == nil {
		c.fieldReported = make(map[ast.Node]bool)
	}
	c.fieldReported[n] = true
	d := analysis.Diagnostic{
		Pos: n.Pos(), End: n.End(),
		Message: fmt.Sprintf("field %s holds a %s from %s that no method of %s removes, so it stays on disk: remove it in a Close or cleanup method of %s",
			f.Name(), what(cr, ""), c.calleeName(cr), named.Obj().Name(), named.Obj().Name()),
		Related: []analysis.RelatedInformation{{Pos: cr.Call.Pos(), End: cr.Call.End(), Message: "the temp object"}},
	}
	if c.pass.Pkg.Name() == "main" {
		// A program may make the directory to hold what it produces
		// (u-root's cmd2pkg generates packages into it): removing it
		// then deletes the output, and the fix is to tell the user
		// where it is.
		d.Message = fmt.Sprintf("field %s holds a %s from %s that no method of %s removes, so it stays on disk after the program exits: remove it in a Close or cleanup method of %s once the program is done with it, or, if it holds what the program produces, print its path for the user",
			f.Name(), what(cr, ""), c.calleeName(cr), named.Obj().Name(), named.Obj().Name())
	}
	if c.r.InTest(d) && !c.inTestFile(named.Obj().Pos()) {
		// A test's object in a production type: a removal method would
		// change production code for the test's sake, and remove what
		// production stores there too (SPEC). The hint is the test's.
		d.Message = fmt.Sprintf("field %s holds a %s from %s that no method of %s removes, so it stays on disk: remove it in the test that made it (t.Cleanup), or create it in t.TempDir(); %s is production code",
			f.Name(), what(cr, ""), c.calleeName(cr), named.Obj().Name(), named.Obj().Name())
	}
	c.r.Report(d)
}

// inTestFile reports whether pos lies in a _test.go file.
func (c *checker) inTestFile(pos token.Pos) bool {
	f := c.pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
