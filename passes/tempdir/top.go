package tempdir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/assigns"
)

// A Top is the directory directly below a shared temp root that a path is
// or lies in: for filepath.Join(os.TempDir(), "app", "x.log") it is
// $TMPDIR/app, at depth 1. Creations with the same Top in one function
// share one directory: when its name is predictable, making it with
// os.MkdirTemp removes the hazard of all of them at once.
type Top struct {
	// Dir names the directory: the root ("$TMPDIR" for os.TempDir() and
	// the environment, or "/tmp", "/var/tmp", "/dev/shm") and the first
	// name below it. A computed part of the name is written as {expr}.
	Dir string
	// Path names the whole path the same way: "$TMPDIR/app/x.log".
	Path string
	// Depth is the number of names below Dir: 0 when the path is Dir.
	Depth int
	// Predictable says the name of Dir is built only from predictable
	// parts.
	Predictable bool
	// Pkg says the name of Dir comes from the value of a package-level
	// constant or variable, which every function of the package shares.
	Pkg bool
}

// TopOf returns the Top of the path e. It reports false when e is not
// built, through local variables assigned once and package-level
// constants and variables, from a shared temp root and names below it:
// filepath.Join, path.Join, filepath.Clean, concatenation, fmt.Sprintf.
func (r *Result) TopOf(e ast.Expr) (Top, bool) {
	if r == nil || e == nil {
		return Top{}, false
	}
	tr := &topResolver{r: r, vars: r.index(), busy: make(map[*types.Var]bool)}
	pieces, ok := tr.resolve(e, false, 0)
	if !ok || len(pieces) == 0 || pieces[0].root == "" {
		return Top{}, false
	}
	root := pieces[0].root
	names, ok := splitNames(pieces[1:])
	if !ok || len(names) == 0 {
		return Top{}, false
	}
	top := names[0]
	full := root
	for _, n := range names {
		full += "/" + n.text
	}
	return Top{Dir: root + "/" + top.text, Path: full, Depth: len(names) - 1, Predictable: top.pred, Pkg: top.pkg}, true
}

// A piece is a part of a path string: a shared temp root, a constant
// text, or a computed value written {expr}.
type piece struct {
	root string // "$TMPDIR", "/tmp": the piece is that root
	text string
	pred bool // the text is predictable
	pkg  bool // the text comes from a package-level constant or variable
}

// A name is one element of a path below its root.
type name struct {
	text      string
	pred, pkg bool
}

// splitNames turns the pieces after a root into the names of the path.
// The first piece must start a new name ("/x" or a Join): "$TMPDIR" + "x"
// is not in $TMPDIR.
func splitNames(pieces []piece) ([]name, bool) {
	var names []name
	cur := name{pred: true, pkg: true}
	open := false // cur has text
	started := false
	for _, p := range pieces {
		if p.text == "" {
			continue
		}
		if !started && !strings.HasPrefix(p.text, "/") {
			return nil, false
		}
		started = true
		parts := strings.Split(p.text, "/")
		for i, part := range parts {
			if i > 0 && open {
				names = append(names, cur)
				cur, open = name{pred: true, pkg: true}, false
			}
			if part == "" {
				continue
			}
			cur.text += part
			cur.pred = cur.pred && p.pred
			cur.pkg = cur.pkg && p.pkg
			open = true
		}
	}
	if open {
		names = append(names, cur)
	}
	out := names[:0]
	for _, n := range names {
		switch n.text {
		case ".":
			continue
		case "..":
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

type topResolver struct {
	r    *Result
	vars *assigns.Index
	busy map[*types.Var]bool
}

// resolve returns the pieces of the string e. pkg says e is part of the
// value of a package-level constant or variable.
func (tr *topResolver) resolve(e ast.Expr, pkg bool, depth int) ([]piece, bool) {
	if depth > 16 {
		return nil, false
	}
	info := tr.r.info
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return []piece{tr.opaque(e, pkg)}, true
		}
		if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD {
			return tr.concat(b, pkg, depth)
		}
		if c, ok := info.Uses[selIdent(e)].(*types.Const); ok && c.Pkg() != nil && c.Parent() == c.Pkg().Scope() {
			pkg = true
		}
		return constPieces(constant.StringVal(tv.Value), pkg), true
	}
	switch e := e.(type) {
	case *ast.Ident:
		return tr.variable(e, pkg, depth)
	case *ast.BinaryExpr:
		if e.Op == token.ADD && isString(info.TypeOf(e)) {
			return tr.concat(e, pkg, depth)
		}
	case *ast.CallExpr:
		return tr.call(e, pkg, depth)
	}
	return []piece{tr.opaque(e, pkg)}, true
}

// constPieces splits a constant that starts with a shared temp root into
// the root and the rest.
func constPieces(s string, pkg bool) []piece {
	for _, root := range sharedRoots {
		if s == root || strings.HasPrefix(s, root+"/") {
			return []piece{{root: root, pred: true, pkg: pkg}, {text: s[len(root):], pred: true, pkg: pkg}}
		}
	}
	return []piece{{text: s, pred: true, pkg: pkg}}
}

// opaque is a computed part of a path, named by its expression.
func (tr *topResolver) opaque(e ast.Expr, pkg bool) piece {
	return piece{text: "{" + types.ExprString(e) + "}", pred: tr.r.newEval().eval(e).pred, pkg: pkg}
}

// variable follows a variable assigned once.
func (tr *topResolver) variable(id *ast.Ident, pkg bool, depth int) ([]piece, bool) {
	v := tr.vars.Follow(id)
	srcs, ok := tr.vars.Sources(v)
	if s, dom := tr.r.dominating(id, srcs); ok && dom {
		srcs = []assigns.Source{s} // the one assignment this use sees
	}
	if !ok || len(srcs) != 1 || srcs[0].Kind != assigns.Value || tr.busy[v] {
		return []piece{tr.opaque(id, pkg)}, true
	}
	if v.Parent() == tr.r.pkg.Scope() {
		pkg = true
	}
	tr.busy[v] = true
	defer delete(tr.busy, v)
	return tr.resolve(srcs[0].Expr, pkg, depth+1)
}

func (tr *topResolver) concat(b *ast.BinaryExpr, pkg bool, depth int) ([]piece, bool) {
	x, ok := tr.resolve(b.X, pkg, depth+1)
	if !ok {
		return nil, false
	}
	y, ok := tr.resolve(b.Y, pkg, depth+1)
	if !ok || len(y) > 0 && y[0].root != "" {
		return nil, false // a root in the middle of a path
	}
	return append(x, y...), true
}

func (tr *topResolver) call(call *ast.CallExpr, pkg bool, depth int) ([]piece, bool) {
	info := tr.r.info
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || call.Ellipsis.IsValid() || fn.Signature().Recv() != nil {
		return []piece{tr.opaque(call, pkg)}, true
	}
	args := call.Args
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "os.TempDir":
		return []piece{{root: "$TMPDIR", pred: true, pkg: pkg}}, true
	case "os.Getenv":
		if len(args) == 1 {
			if s, ok := tr.r.newEval().constString(args[0]); ok && (s == "TMPDIR" || s == "TMP" || s == "TEMP") {
				return []piece{{root: "$TMPDIR", pred: true, pkg: pkg}}, true
			}
		}
	case "path/filepath.Join", "path.Join":
		var out []piece
		for i, a := range args {
			p, ok := tr.resolve(a, pkg, depth+1)
			if !ok {
				return nil, false
			}
			if i > 0 {
				if len(p) > 0 && p[0].root != "" {
					return nil, false
				}
				out = append(out, piece{text: "/", pred: true, pkg: true})
			}
			out = append(out, p...)
		}
		return out, true
	case "path/filepath.Clean", "path.Clean", "path/filepath.FromSlash", "path/filepath.ToSlash":
		if len(args) == 1 {
			return tr.resolve(args[0], pkg, depth+1)
		}
	case "fmt.Sprintf":
		return tr.sprintf(call, pkg, depth)
	}
	return []piece{tr.opaque(call, pkg)}, true
}

// sprintf resolves fmt.Sprintf with %s and %v of paths; other verbs are
// computed parts.
func (tr *topResolver) sprintf(call *ast.CallExpr, pkg bool, depth int) ([]piece, bool) {
	args := call.Args
	if len(args) == 0 {
		return nil, false
	}
	format, ok := tr.r.newEval().constString(args[0])
	if !ok {
		return []piece{tr.opaque(call, pkg)}, true
	}
	var out []piece
	var lit strings.Builder
	argi := 1
	flush := func() {
		if lit.Len() > 0 {
			out = append(out, piece{text: lit.String(), pred: true, pkg: pkg})
			lit.Reset()
		}
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			lit.WriteByte(format[i])
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) || format[i] == '[' || format[i] == '*' {
			return nil, false
		}
		if format[i] == '%' {
			lit.WriteByte('%')
			continue
		}
		if argi >= len(args) {
			return nil, false
		}
		a := args[argi]
		argi++
		flush()
		if format[i] == 's' || format[i] == 'v' {
			p, ok := tr.resolve(a, pkg, depth+1)
			if !ok || len(out) > 0 && len(p) > 0 && p[0].root != "" {
				return nil, false
			}
			out = append(out, p...)
			continue
		}
		out = append(out, tr.opaque(a, pkg))
	}
	flush()
	if len(out) > 0 && out[0].root == "" {
		// A constant prefix may start with a root: "/tmp/app-%d".
		if first := constPieces(out[0].text, out[0].pkg); first[0].root != "" {
			out = append(first, out[1:]...)
		}
	}
	return out, true
}
