package temppath

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// A fixed name that other code reads is a contract: a peer dials the
// socket, another package reads the file, the next run finds the
// directory. A random name (os.CreateTemp, os.MkdirTemp) breaks it, so
// for such a name the hint keeps the name and moves it out of other users'
// reach instead (SPEC: no random name for a fixed path that other code
// reads). Known readers: code that uses the package-level constant or
// variable the path is built from other than to create it, a string
// literal of the package naming the same file outside any creation (a
// client's net.Dial("unix", "/tmp/app.sock")), and the code of another
// package that defines the variable.

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
	if top, ok := c.paths.TopOf(call.Path); ok && strings.HasPrefix(top.Path, "/") && !strings.ContainsAny(top.Path, "{}") {
		// "/tmp/app.sock" elsewhere. (Under $TMPDIR only the last
		// element would be a literal, and a bare "lazygit" is as likely
		// the program's name as the path's.)
		if c.literalReaders(top.Path) > 0 {
			return true
		}
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
		if obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() || !isString(obj.Type()) {
			return true // not a path or a part of one: inst in inst.ID()
		}
		if obj.Pkg() != c.pass.Pkg || c.readUses(obj) > 0 {
			found = true
		}
		return true
	})
	return found
}

// literalReaders counts the string literals of the package equal to want
// outside the paths of creations and the declarations of package-level
// constants and variables (whose uses readUses counts): a net.Dial or an
// os.Open of the same name.
func (c *checker) literalReaders(want string) int {
	c.markCreations()
	n := 0
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && (g.Tok == token.CONST || g.Tok == token.VAR) {
				continue
			}
			ast.Inspect(d, func(nd ast.Node) bool {
				lit, ok := nd.(*ast.BasicLit)
				if !ok || c.inCreation[lit] {
					return true
				}
				if s, ok := stringLit(lit); ok && s == want {
					n++
				}
				return true
			})
		}
	}
	return n
}

// readUses counts the uses of a package-level object in the package that
// are not part of a creation's path.
func (c *checker) readUses(obj types.Object) int {
	c.markCreations()
	n := 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o == obj && !c.inCreation[id] {
			n++
		}
	}
	return n
}

// markCreations records the identifiers and literals that are part of a
// creation's path (or of the one value of a variable used as one).
func (c *checker) markCreations() {
	if c.inCreation == nil {
		c.inCreation = make(map[ast.Node]bool)
		mark := func(e ast.Expr) {
			ast.Inspect(e, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.Ident, *ast.BasicLit:
					c.inCreation[n] = true
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

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
