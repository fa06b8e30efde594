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

func TestGetBuildsOnceAndSees(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", "package a\nfunc F() { G(); G() }\nfunc G() {}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lazyinspect.Analyzer.Run(&analysis.Pass{Files: []*ast.File{f}})
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
			got[i] = l.Get()
		}()
	}
	wg.Wait()
	for _, g := range got[1:] {
		if g != got[0] {
			t.Fatal("Get built more than one inspector")
		}
	}
	calls := 0
	l.Get().Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(ast.Node) { calls++ })
	if calls != 2 {
		t.Errorf("inspector saw %d calls, want 2", calls)
	}
}
