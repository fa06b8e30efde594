package lazyinspect_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/passes/lazyinspect"
)

func TestFileBuildsOnceAndSees(t *testing.T) {
	fset := token.NewFileSet()
	a, err := parser.ParseFile(fset, "a.go", "package a\nfunc F() { G(); G() }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := parser.ParseFile(fset, "b.go", "package a\nfunc G() { println() }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lazyinspect.Analyzer.Run(&analysis.Pass{Files: []*ast.File{a, b}})
	if err != nil {
		t.Fatal(err)
	}
	l := res.(*lazyinspect.Inspector)
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = l.File(a)
		}()
	}
	wg.Wait()
	for _, g := range got[1:] {
		if g != got[0] {
			t.Fatal("File built more than one inspector for a file")
		}
	}
	for _, tc := range []struct {
		file  *ast.File
		calls int
	}{{a, 2}, {b, 1}} {
		cur, ok := l.FileCursor(tc.file)
		if !ok || cur.Node() != tc.file {
			t.Fatalf("FileCursor(%s) = %v, %v; want the file", fset.File(tc.file.Pos()).Name(), cur, ok)
		}
		calls := 0
		for range cur.Preorder((*ast.CallExpr)(nil)) {
			calls++
		}
		if calls != tc.calls {
			t.Errorf("%s: inspector saw %d calls, want %d", fset.File(tc.file.Pos()).Name(), calls, tc.calls)
		}
	}
	other, _ := parser.ParseFile(fset, "c.go", "package a\n", 0)
	if l.File(other) != nil {
		t.Error("File of a file outside the package is not nil")
	}
}
