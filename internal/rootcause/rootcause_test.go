package rootcause_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/rootcause"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// finding is a finding at pos about a creation at path (below $TMPDIR).
func finding(scope ast.Node, pos int, path string, dir, makesTop bool) rootcause.Finding {
	names := strings.Split(path, "/")
	return rootcause.Finding{
		Diag:     analysis.Diagnostic{Pos: token.Pos(pos), Message: fmt.Sprintf("finding at %d", pos)},
		Scope:    scope,
		Top:      tempdir.Top{Dir: "$TMPDIR/" + names[0], Path: "$TMPDIR/" + path, Depth: len(names) - 1, Predictable: true},
		Dir:      dir,
		MakesTop: makesTop,
		What:     fmt.Sprintf("creation at %d", pos),
	}
}

func collect(policy rootcause.Policy, add func(*rootcause.Folder)) []analysis.Diagnostic {
	var got []analysis.Diagnostic
	fo := rootcause.New(nil, func(d analysis.Diagnostic) { got = append(got, d) }, policy)
	add(fo)
	fo.Flush()
	return got
}

func TestSameDir(t *testing.T) {
	f1, f2 := new(ast.FuncDecl), new(ast.FuncDecl)
	got := collect(rootcause.SameDir, func(fo *rootcause.Folder) {
		fo.Add(finding(f1, 10, "app", true, true))
		fo.Add(finding(f1, 20, "app/a", false, false))
		fo.Add(finding(f1, 30, "app/b/c", true, true))
		fo.Add(finding(f2, 40, "app/a", false, false)) // another function: its own root
		fo.Add(finding(f1, 50, "x.log", false, false))
		fo.Add(finding(f1, 60, "x.log", false, false)) // one file twice: not a directory
	})
	if len(got) != 4 {
		t.Fatalf("got %d diagnostics, want 4: %v", len(got), got)
	}
	if got[0].Pos != 10 || !strings.HasSuffix(got[0].Message, "(and 2 creations inside it)") || len(got[0].Related) != 2 {
		t.Errorf("root = %v", got[0])
	}
	if got[0].Related[0].Message != "creation at 20 inside it" {
		t.Errorf("related = %q", got[0].Related[0].Message)
	}
	for _, d := range got[1:] {
		if strings.Contains(d.Message, "(and") || len(d.Related) != 0 {
			t.Errorf("folded unexpectedly: %v", d)
		}
	}
}

func TestAssumedDir(t *testing.T) {
	f := new(ast.FuncDecl)
	got := collect(rootcause.SameDir, func(fo *rootcause.Folder) {
		fo.Add(finding(f, 20, "app/b", false, false))
		fo.Add(finding(f, 10, "app/a", false, false))
	})
	if len(got) != 1 || got[0].Pos != 10 || !strings.HasSuffix(got[0].Message, "(and 1 more creation in $TMPDIR/app: make that directory with os.MkdirTemp)") {
		t.Fatalf("got %v", got)
	}
	// Under InsideRoot, a directory the scope never makes folds nothing.
	got = collect(rootcause.InsideRoot, func(fo *rootcause.Folder) {
		fo.Add(finding(f, 20, "app/b", false, false))
		fo.Add(finding(f, 10, "app/a", false, false))
	})
	if len(got) != 2 {
		t.Fatalf("InsideRoot: got %v", got)
	}
}

func TestInsideRoot(t *testing.T) {
	f := new(ast.FuncDecl)
	got := collect(rootcause.InsideRoot, func(fo *rootcause.Folder) {
		fo.Add(finding(f, 10, "app", true, true))
		fo.Add(finding(f, 20, "app", true, true)) // the same path again: its own fix
		fo.Add(finding(f, 30, "app/x", false, false))
	})
	if len(got) != 2 || got[0].Pos != 10 || !strings.HasSuffix(got[0].Message, "(and 1 creation inside it)") || got[1].Pos != 20 {
		t.Fatalf("got %v", got)
	}
}

func TestMade(t *testing.T) {
	f := new(ast.FuncDecl)
	top := tempdir.Top{Dir: "$TMPDIR/app", Path: "$TMPDIR/app", Predictable: true}
	// Made private first: what follows inside is dropped.
	got := collect(rootcause.InsideRoot, func(fo *rootcause.Folder) {
		fo.Made(f, top, 5, true)
		fo.Add(finding(f, 30, "app/x", false, false))
	})
	if len(got) != 0 {
		t.Errorf("private first: got %v", got)
	}
	// Made open first: a later private creation narrows nothing.
	got = collect(rootcause.InsideRoot, func(fo *rootcause.Folder) {
		fo.Made(f, top, 5, false)
		fo.Made(f, top, 7, true)
		fo.Add(finding(f, 30, "app/x", false, false))
	})
	if len(got) != 1 {
		t.Errorf("open first: got %v", got)
	}
	// A package's directory: private only when every creation is.
	pkgTop := top
	pkgTop.Pkg = true
	got = collect(rootcause.InsideRoot, func(fo *rootcause.Folder) {
		fo.Made(f, pkgTop, 50, true)
		fo.Made(new(ast.FuncDecl), pkgTop, 60, false)
		x := finding(f, 30, "app/x", false, false)
		x.Top.Pkg = true
		fo.Add(x)
	})
	if len(got) != 1 {
		t.Errorf("package, one open: got %v", got)
	}
}

func TestRelatedCap(t *testing.T) {
	f := new(ast.FuncDecl)
	got := collect(rootcause.SameDir, func(fo *rootcause.Folder) {
		fo.Add(finding(f, 1, "app", true, true))
		for i := range 12 {
			fo.Add(finding(f, 10+i, fmt.Sprintf("app/f%d", i), false, false))
		}
	})
	if len(got) != 1 || !strings.HasSuffix(got[0].Message, "(and 12 creations inside it)") {
		t.Fatalf("got %v", got)
	}
	rel := got[0].Related
	if len(rel) != 9 || rel[8].Message != "and 4 more, at other lines" {
		t.Errorf("related: %d, last %q", len(rel), rel[len(rel)-1].Message)
	}
}

func TestUnpredictable(t *testing.T) {
	f := new(ast.FuncDecl)
	got := collect(rootcause.SameDir, func(fo *rootcause.Folder) {
		a := finding(f, 10, "app", true, true)
		b := finding(f, 20, "app/x", false, false)
		a.Top.Predictable, b.Top.Predictable = false, false
		fo.Add(a)
		fo.Add(b)
	})
	if len(got) != 2 {
		t.Errorf("got %v", got)
	}
}

func TestScope(t *testing.T) {
	d1 := &ast.FuncDecl{Name: &ast.Ident{NamePos: 10}, Type: &ast.FuncType{Func: 10}, Body: &ast.BlockStmt{Lbrace: 12, Rbrace: 20}}
	d2 := &ast.FuncDecl{Name: &ast.Ident{NamePos: 30}, Type: &ast.FuncType{Func: 30}, Body: &ast.BlockStmt{Lbrace: 32, Rbrace: 40}}
	file := &ast.File{Decls: []ast.Decl{d1, d2}}
	for pos, want := range map[token.Pos]ast.Node{15: d1, 35: d2, 25: file} {
		if got := rootcause.Scope(file, pos); got != want {
			t.Errorf("Scope(%d) = %T %p, want %p", pos, got, got, want)
		}
	}
}
