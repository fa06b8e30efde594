package stmtlist

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestOfAndNext(t *testing.T) {
	const src = `package p
func f(c chan int, x int) {
	a := 1
	b := 2
	switch x {
	case 1:
		a = 3
		b = 4
	}
	select {
	case <-c:
		a = 5
	}
	_, _ = a, b
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	list, ok := Of(body)
	if !ok || len(list) != 5 {
		t.Fatalf("Of(body) = %d statements, %v; want 5, true", len(list), ok)
	}
	if got := Next(body, list[0]); got != list[1] {
		t.Errorf("Next(body, first) = %v, want the second statement", got)
	}
	if got := Next(body, list[4]); got != nil {
		t.Errorf("Next(body, last) = %v, want nil", got)
	}
	if got := Prev(body, list[1]); got != list[0] {
		t.Errorf("Prev(body, second) = %v, want the first statement", got)
	}
	if got := Prev(body, list[0]); got != nil {
		t.Errorf("Prev(body, first) = %v, want nil", got)
	}
	clause := list[2].(*ast.SwitchStmt).Body.List[0]
	cl, ok := Of(clause)
	if !ok || len(cl) != 2 || Next(clause, cl[0]) != cl[1] {
		t.Errorf("case clause: Of = %d statements, %v; Next of the first is not the second", len(cl), ok)
	}
	comm := list[3].(*ast.SelectStmt).Body.List[0]
	if cl, ok := Of(comm); !ok || len(cl) != 1 {
		t.Errorf("comm clause: Of = %d statements, %v; want 1, true", len(cl), ok)
	}
	if _, ok := Of(list[0]); ok {
		t.Error("Of(assignment) reports a statement list")
	}
	if got := Next(list[0], list[1]); got != nil {
		t.Errorf("Next with a parent that holds no list = %v, want nil", got)
	}
}
