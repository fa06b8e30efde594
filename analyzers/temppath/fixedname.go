package temppath

import (
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// A fixed name that other code reads is a contract: a peer dials the
// socket, another package reads the file, the next run finds the
// directory. A random name (os.CreateTemp, os.MkdirTemp) breaks it, so
// for such a name the hint keeps the name and moves it out of other users'
// reach instead (SPEC: no random name for a fixed path that other code
// reads). Known readers: code that uses the package-level constant or
// variable the path is built from other than to create it, and the code of
// another package that defines it.

// readElsewhere reports whether other code than the creations knows the
// path's name: the path is built from a package-level constant or
// variable of another package, or of this one that some code uses other
// than as (part of) the path of a creation: a dial, an open, a read.
func (c *checker) readElsewhere(call *fscall.Call, d tempdir.Path) bool {
	if d.Origin.Flag {
		return false // the flag's remedy applies
	}
	if d.Origin.Where != "" {
		return true // a variable of another package, by its fact
	}
	e := call.Path
	if v := c.paths.Value(e); v != nil {
		e = v
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		obj := c.pass.TypesInfo.Uses[id]
		switch obj.(type) {
		case *types.Const, *types.Var:
		default:
			return true
		}
		if obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return true
		}
		if obj.Pkg() != c.pass.Pkg || c.readUses(obj) > 0 {
			found = true
		}
		return true
	})
	return found
}

// readUses counts the uses of a package-level object in the package that
// are not part of a creation's path.
func (c *checker) readUses(obj types.Object) int {
	if c.inCreation == nil {
		c.inCreation = make(map[*ast.Ident]bool)
		mark := func(e ast.Expr) {
			ast.Inspect(e, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					c.inCreation[id] = true
				}
				return true
			})
		}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fc, ok := fscall.Match(c.pass.TypesInfo, call)
				if !ok || fc.Path == nil {
					return true
				}
				switch fc.Kind {
				case fscall.CreateFile, fscall.CreateDir, fscall.Node, fscall.Bind, fscall.Link, fscall.Chmod:
					mark(fc.Path)
					if v := c.paths.Value(fc.Path); v != nil {
						mark(v)
					}
				}
				return true
			})
		}
	}
	n := 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o == obj && !c.inCreation[id] {
			n++
		}
	}
	return n
}

// fixedRemedy is the hint for a fixed name that other code reads.
func fixedRemedy(call *fscall.Call) string {
	what := "file"
	switch call.Kind {
	case fscall.CreateDir:
		what = "directory"
	case fscall.Node:
		what = "FIFO"
	case fscall.Bind:
		what = "socket"
	}
	return "other code uses this fixed name, which a random one would break: keep the name but put the " + what +
		" under a directory only this user can write ($XDG_RUNTIME_DIR, or /run/<app> made 0700), or check with os.Lstat after creating it that this user owns it and it is not a symlink"
}
