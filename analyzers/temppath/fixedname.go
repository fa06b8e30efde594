package temppath

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

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
// package that defines the variable. Only code of another function counts:
// uses in the creating function itself (a test that compares what it
// reads back with the same literal, runs tar into the directory it just
// made) are that function's own business, and a name from os.MkdirTemp
// kept in a variable serves them as well.
//
// A fixed directory that the program finds again on its next run is the
// other contract: production code (not a test) that makes a fixed name
// with os.MkdirAll — which accepts the directory as it finds it — and
// builds other paths on it (filepath.Join(dir, name) or dir + "/name"
// outside creations: a log buffer's prefix that a restarted daemon reads
// back), makes random entries in it (os.MkdirTemp(dir, ...),
// os.CreateTemp(dir, ...)) or returns it to its callers (a per-user base
// such as lazygit's, the parent of a per-run os.MkdirTemp), and never
// removes it, is told to keep the name, not to make it random: a random
// base per run that nothing removes would be left behind at every run.

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
	outside := c.outsideFunc(call.Call)
	if top, ok := c.paths.TopOf(call.Path); ok && strings.HasPrefix(top.Path, "/") && !strings.ContainsAny(top.Path, "{}") {
		// "/tmp/app.sock" elsewhere. (Under $TMPDIR only the last
		// element would be a literal, and a bare "lazygit" is as likely
		// the program's name as the path's.)
		if c.literalReaders(top.Path, outside) > 0 {
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
		if obj.Pkg() != c.pass.Pkg || c.readUses(obj, outside) > 0 {
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
func (c *checker) literalReaders(want string, counts func(ast.Node) bool) int {
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
				if s, ok := stringLit(lit); ok && s == want && counts(lit) {
					n++
				}
				return true
			})
		}
	}
	return n
}

// readUses counts the uses of a package-level object in the package that
// are not part of a creation's path and that counts accepts.
func (c *checker) readUses(obj types.Object, counts func(ast.Node) bool) int {
	c.markCreations()
	n := 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o == obj && !c.inCreation[id] && counts(id) {
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

// outsideFunc returns a test of whether a node lies outside the top-level
// function declaration around n (a package-level declaration, another
// function, another file).
func (c *checker) outsideFunc(n ast.Node) func(ast.Node) bool {
	var decl *ast.FuncDecl
	if c.file != nil {
		path, _ := astutil.PathEnclosingInterval(c.file, n.Pos(), n.End())
		for _, p := range path {
			if fd, ok := p.(*ast.FuncDecl); ok {
				decl = fd
			}
		}
	}
	return func(m ast.Node) bool {
		return decl == nil || m.Pos() < decl.Pos() || m.Pos() >= decl.End() || c.pass.Fset.File(m.Pos()) != c.pass.Fset.File(decl.Pos())
	}
}

// persistsAcrossRuns reports whether production code makes the fixed
// directory with os.MkdirAll and builds other paths on it outside
// creations, makes random entries in it or returns it, and never removes
// it: a place the program expects to find again (see above).
func (c *checker) persistsAcrossRuns(call *fscall.Call) bool {
	if call.Kind != fscall.CreateDir || call.Func.Name() != "MkdirAll" || call.Path == nil || c.file == nil {
		return false
	}
	if strings.HasSuffix(c.pass.Fset.File(call.Call.Pos()).Name(), "_test.go") {
		return false
	}
	id, ok := ast.Unparen(call.Path).(*ast.Ident)
	if !ok {
		return false
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil {
		return false
	}
	c.markCreations()
	built, removed := false, false
	ast.Inspect(c.file, func(n ast.Node) bool {
		var base ast.Expr
		switch x := n.(type) {
		case *ast.ReturnStmt:
			// Returned: the callers get the same directory at every
			// call, a base they put things in (lazygit's per-user
			// base, the parent of its per-run os.MkdirTemp).
			for _, r := range x.Results {
				if b, ok := ast.Unparen(r).(*ast.Ident); ok && c.pass.TypesInfo.Uses[b] == obj {
					built = true
				}
			}
			return true
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(c.pass.TypesInfo, x).(*types.Func)
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "os" && (fn.Name() == "RemoveAll" || fn.Name() == "Remove") && len(x.Args) == 1 {
				if a, ok := ast.Unparen(x.Args[0]).(*ast.Ident); ok && c.pass.TypesInfo.Uses[a] == obj {
					removed = true // removed by the program: not kept for the next run
				}
			}
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "os" && (fn.Name() == "MkdirTemp" || fn.Name() == "CreateTemp") && len(x.Args) == 2 {
				// The parent of random entries: a base kept for them.
				if b, ok := ast.Unparen(x.Args[0]).(*ast.Ident); ok && c.pass.TypesInfo.Uses[b] == obj {
					built = true
				}
			}
			if fn == nil || fn.Pkg() == nil || fn.Name() != "Join" || len(x.Args) < 2 {
				return true
			}
			if p := fn.Pkg().Path(); p != "path/filepath" && p != "path" {
				return true
			}
			base = x.Args[0]
		case *ast.BinaryExpr:
			if x.Op != token.ADD {
				return true
			}
			base = x.X
		default:
			return true
		}
		if b, ok := ast.Unparen(base).(*ast.Ident); ok && c.pass.TypesInfo.Uses[b] == obj && !c.inCreation[b] {
			built = true
		}
		return true
	})
	return built && !removed
}

// persistentRemedy is the hint for a fixed directory the program finds
// again on its next run.
func persistentRemedy() string {
	return "the program finds this fixed directory again on its next run, which a random name would break: keep the name but put it under a directory only this user can write ($XDG_RUNTIME_DIR, or /run/<app> made 0700), or check with os.Lstat after creating it that this user owns it and it is not a symlink"
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

// argFixedRemedy is the hint for a fixed name, given to a creating
// function, that other code reads.
func argFixedRemedy() string {
	return "other code uses this fixed name, which a random one would break: keep the name but put it under a directory only this user can write ($XDG_RUNTIME_DIR, or os.UserCacheDir()), or have the callee check with os.Lstat after creating it that this user owns it and it is not a symlink"
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// argReadElsewhere is readElsewhere for the argument of a call to a
// function that creates at its parameter (a createsAt fact): the creation
// is the callee's, so every other use of the package-level variable or
// constant the argument is built from counts, in any function (a
// loadRelays(knownRelaysFile) at start that reads back what
// saveRelays(knownRelaysFile) writes: syncthing's strelaypoolsrv), except
// those that only write or create: the variable's address (a flag bound
// to it), the value given to a function of package flag (the default it
// shows in its usage), and arguments of creations or of other calls that
// create at that parameter.
func (c *checker) argReadElsewhere(call *ast.CallExpr, arg ast.Expr, d tempdir.Path) bool {
	if d.Origin.Flag {
		return false // the flag's remedy applies
	}
	if d.Origin.Where != "" {
		return true // a variable of another package, by its fact
	}
	e := arg
	if v := c.paths.Value(e); v != nil {
		e = v
	}
	objs := make(map[types.Object]bool)
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			obj := c.pass.TypesInfo.Uses[id]
			switch obj.(type) {
			case *types.Const, *types.Var:
				if obj.Pkg() == c.pass.Pkg && obj.Parent() == obj.Pkg().Scope() && isString(obj.Type()) {
					objs[obj] = true
				}
			}
		}
		return true
	})
	if len(objs) == 0 {
		return false
	}
	c.markCreations()
	found := false
	for _, f := range c.pass.Files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			if found {
				return false
			}
			if n == ast.Node(arg) {
				return false // the call's own argument
			}
			id, ok := n.(*ast.Ident)
			if !ok || !objs[c.pass.TypesInfo.Uses[id]] || c.inCreation[id] || len(stack) == 0 {
				return true
			}
			found = !c.onlyWrites(id, stack)
			return true
		})
	}
	return found
}

// onlyWrites reports whether the use id of a package-level path variable
// writes or creates rather than reads: its address taken, an argument of
// a function of package flag, or an argument of a call to a function that
// creates at that parameter.
func (c *checker) onlyWrites(id *ast.Ident, stack []ast.Node) bool {
	switch p := stack[len(stack)-1].(type) {
	case *ast.UnaryExpr:
		return p.Op == token.AND
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == ast.Expr(id) {
				return true
			}
		}
	case *ast.CallExpr:
		callee := typeutil.StaticCallee(c.pass.TypesInfo, p)
		if callee == nil {
			return false
		}
		if callee.Pkg() != nil && callee.Pkg().Path() == "flag" {
			return true
		}
		if f := c.facts.of(callee); f != nil {
			for _, pc := range f.Params {
				if pc.Index < len(p.Args) && p.Args[pc.Index] == ast.Expr(id) {
					return true
				}
			}
		}
	}
	return false
}
