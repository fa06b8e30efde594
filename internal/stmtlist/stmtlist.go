// Package stmtlist gives the statement list that holds a statement: a
// block's statements, or the body of a switch or select clause. Analyzers
// that look at the statement before or after a call, or ask whether a
// statement sits directly in some list, need the three cases alike.
package stmtlist

import "go/ast"

// Of returns the statements that n holds directly, and whether n is a
// node that holds a statement list (*ast.BlockStmt, *ast.CaseClause,
// *ast.CommClause), which may be empty.
func Of(n ast.Node) ([]ast.Stmt, bool) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List, true
	case *ast.CaseClause:
		return n.Body, true
	case *ast.CommClause:
		return n.Body, true
	}
	return nil, false
}

// Next returns the statement after s in the list that parent holds, or
// nil when s is the last one or not in that list.
func Next(parent ast.Node, s ast.Stmt) ast.Stmt {
	list, _ := Of(parent)
	for i, x := range list {
		if x == s && i+1 < len(list) {
			return list[i+1]
		}
	}
	return nil
}

// Prev returns the statement before s in the list that parent holds, or
// nil when s is the first one or not in that list.
func Prev(parent ast.Node, s ast.Stmt) ast.Stmt {
	list, _ := Of(parent)
	for i, x := range list {
		if x == s && i > 0 {
			return list[i-1]
		}
	}
	return nil
}
