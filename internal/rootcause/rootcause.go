// Package rootcause folds the findings that one predictable directory in
// shared temp causes into a single finding: the creation of that directory.
//
// Code that makes /tmp/app and then a dozen files and directories inside
// it has one bug, not thirteen: making /tmp/app with os.MkdirTemp removes
// the hazard of every creation inside it. An analyzer hands each of its
// findings about a creation in shared temp to a Folder with the Top of the
// created path (passes/tempdir); the Folder groups them by Top and scope
// and reports one finding per group, at its root, with the others as
// related information and their count in the message. A suppression
// directive on the root then silences the group, and the finding it
// silences is the one whose fix removes the rest.
//
// The scope of a group is the top-level declaration holding the
// creations, or the package when the name of the directory comes from a
// package-level constant or variable: every function of the package
// creates in the same directory, and the one fix is the variable's.
//
// The root is the first creation, in source order, that makes the
// directory itself (os.Mkdir of it, os.MkdirAll of it or of a path inside
// it); when the scope only assumes the directory exists (a constant path
// it never makes), the first creation in it. A group whose directory is
// not known to be a directory (two creations of one file name) is not
// folded: each creation is a fix of its own.
package rootcause

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/passes/tempdir"
)

// maxRelated caps the related lines under a root finding; the message
// carries the full count.
const maxRelated = 8

// A Finding is one finding about a creation whose path has a Top.
type Finding struct {
	Diag  analysis.Diagnostic
	Scope ast.Node // the top-level declaration holding the creation (Scope)
	Top   tempdir.Top
	// MakesTop says the creation makes the Top directory itself:
	// os.Mkdir of it, os.MkdirAll of it or of a path inside it.
	MakesTop bool
	// Dir says the creation makes a directory at its path.
	Dir bool
	// What is the line shown under the root, without where: "os.Mkdir
	// creates sourceDir".
	What string
}

type key struct {
	scope ast.Node // nil: the package
	dir   string
}

// A Policy says which findings a root absorbs.
type Policy int

const (
	// SameDir folds every finding whose path has the root's Top: the fix
	// of a name (a directory from os.MkdirTemp) removes them all, also the
	// creations in a directory the scope only assumes exists.
	SameDir Policy = iota
	// InsideRoot folds only the findings strictly inside the path of a
	// root that makes the Top directory: the fix of a directory's mode
	// protects what is inside it, not a second creation of the same path
	// or a sibling.
	InsideRoot
)

// A making is a creation of a Top directory; private says with a mode
// that keeps other users out.
type making struct {
	pos     token.Pos
	private bool
}

// A Folder collects the findings of one analyzer on one package and
// reports them, folded, on Flush.
type Folder struct {
	fset   *token.FileSet
	report func(analysis.Diagnostic)
	policy Policy
	groups map[key][]Finding
	made   map[key][]making
}

// New returns a Folder that reports through report; fset positions the
// creations past the related lines' cap.
func New(fset *token.FileSet, report func(analysis.Diagnostic), policy Policy) *Folder {
	return &Folder{fset: fset, report: report, policy: policy, groups: make(map[key][]Finding), made: make(map[key][]making)}
}

func keyOf(scope ast.Node, top tempdir.Top) key {
	if top.Pkg {
		scope = nil
	}
	return key{scope: scope, dir: top.Dir}
}

// Add holds f until Flush. A finding whose Top is not predictable is
// reported at once: its directory is not a shared root cause.
func (fo *Folder) Add(f Finding) {
	if !f.Top.Predictable || f.Top.Dir == "" {
		fo.report(f.Diag)
		return
	}
	k := keyOf(f.Scope, f.Top)
	fo.groups[k] = append(fo.groups[k], f)
}

// Made records that the scope makes the Top directory at pos; private
// says with a mode that keeps other users out. When the first such
// creation of a function is private (for a package's directory, when
// every one is), the findings inside the directory that follow are
// dropped on Flush: their exposure is the directory's name, not their
// own mode.
func (fo *Folder) Made(scope ast.Node, top tempdir.Top, pos token.Pos, private bool) {
	if !top.Predictable || top.Dir == "" {
		return
	}
	k := keyOf(scope, top)
	fo.made[k] = append(fo.made[k], making{pos: pos, private: private})
}

// Flush reports the findings held, one per group.
func (fo *Folder) Flush() {
	keys := make([]key, 0, len(fo.groups))
	for k := range fo.groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return fo.groups[keys[i]][0].Diag.Pos < fo.groups[keys[j]][0].Diag.Pos })
	for _, k := range keys {
		fs := fo.unguarded(k, fo.groups[k])
		sort.SliceStable(fs, func(i, j int) bool { return fs[i].Diag.Pos < fs[j].Diag.Pos })
		fo.flush(k, fs)
	}
	fo.groups = make(map[key][]Finding)
	fo.made = make(map[key][]making)
}

// unguarded drops the findings inside a directory made private.
func (fo *Folder) unguarded(k key, fs []Finding) []Finding {
	ms := fo.made[k]
	if len(ms) == 0 {
		return fs
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].pos < ms[j].pos })
	from := ms[0].pos
	for _, m := range ms {
		if !m.private && (k.scope == nil || m.pos == ms[0].pos) {
			return fs // made open first, or somewhere in the package
		}
	}
	if k.scope == nil {
		from = token.NoPos // the package's functions run in any order
	}
	var out []Finding
	for _, f := range fs {
		if f.Top.Depth > 0 && f.Diag.Pos > from {
			continue
		}
		out = append(out, f)
	}
	return out
}

func (fo *Folder) flush(k key, fs []Finding) {
	if len(fs) == 0 {
		return
	}
	isDir := false
	for _, f := range fs {
		if f.Top.Depth > 0 || f.Dir {
			isDir = true
		}
	}
	root := -1
	for i, f := range fs {
		if f.MakesTop {
			root = i
			break
		}
	}
	if root < 0 && fo.policy == SameDir {
		root = 0
	}
	if len(fs) == 1 || !isDir || root < 0 {
		for _, f := range fs {
			fo.report(f.Diag)
		}
		return
	}
	r := fs[root]
	// Where each other creation is, seen from the root's path.
	var folded, apart []int
	wheres := make([]string, len(fs))
	all := map[string]bool{}
	for i, f := range fs {
		if i == root {
			continue
		}
		switch {
		case !r.MakesTop:
			wheres[i] = "in " + k.dir + " too"
		case f.Top.Path == r.Top.Path:
			wheres[i] = "too"
		case strings.HasPrefix(f.Top.Path, r.Top.Path+"/"):
			wheres[i] = "inside it"
		default:
			wheres[i] = "in " + k.dir + " too"
		}
		if fo.policy == InsideRoot && wheres[i] != "inside it" {
			apart = append(apart, i)
			continue
		}
		folded = append(folded, i)
		all[wheres[i]] = true
	}
	d := r.Diag
	n := len(folded)
	switch {
	case n == 0:
	case !r.MakesTop:
		d.Message += fmt.Sprintf(" (and %s in %s: make that directory with os.MkdirTemp)", creations(n, true), k.dir)
	case len(all) == 1 && all["inside it"]:
		d.Message += fmt.Sprintf(" (and %s inside it)", creations(n, false))
	case !all["in "+k.dir+" too"]:
		d.Message += fmt.Sprintf(" (and %s at or inside it)", creations(n, true))
	default:
		d.Message += fmt.Sprintf(" (and %s in %s)", creations(n, true), k.dir)
	}
	related := append([]analysis.RelatedInformation(nil), d.Related...)
	for shown, i := range folded {
		f := fs[i]
		if shown == maxRelated {
			related = append(related, analysis.RelatedInformation{
				Pos: f.Diag.Pos, End: f.Diag.End,
				Message: fmt.Sprintf("and %d more, at %s", n-shown, fo.lines(fs, folded[shown:])),
			})
			break
		}
		related = append(related, analysis.RelatedInformation{Pos: f.Diag.Pos, End: f.Diag.End, Message: f.What + " " + wheres[i]})
	}
	d.Related = related
	fo.report(d)
	for _, i := range apart {
		fo.report(fs[i].Diag)
	}
}

// lines lists where the findings past the cap are: "a_test.go:822,
// a_test.go:833".
func (fo *Folder) lines(fs []Finding, which []int) string {
	var out []string
	for _, i := range which {
		if fo.fset == nil {
			break
		}
		p := fo.fset.Position(fs[i].Diag.Pos)
		out = append(out, fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line))
	}
	if len(out) == 0 {
		return "other lines"
	}
	return strings.Join(out, ", ")
}

func creations(n int, more bool) string {
	s := "creation"
	if n != 1 {
		s += "s"
	}
	if more {
		return fmt.Sprintf("%d more %s", n, s)
	}
	return fmt.Sprintf("%d %s", n, s)
}

// Scope returns the top-level declaration of file that holds pos: the
// scope of a function's own directories.
func Scope(file *ast.File, pos token.Pos) ast.Node {
	i := sort.Search(len(file.Decls), func(i int) bool { return file.Decls[i].End() > pos })
	if i < len(file.Decls) && file.Decls[i].Pos() <= pos {
		return file.Decls[i]
	}
	return file
}

// Describe shortens a path expression for a related line.
func Describe(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
