// Package fiximport builds the edit that a suggested fix needs when the
// code it writes uses a package the file may not import yet.
package fiximport

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// Name returns the name by which code at pos in file can refer to the
// package with the import path, and the edits that add the import when the
// file lacks it (none when it has it). It reports false when the name the
// package would get is already taken at pos by something else, or the
// package is imported with a blank or dot name.
func Name(info *types.Info, file *ast.File, pos token.Pos, importPath string) (string, []analysis.TextEdit, bool) {
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != importPath {
			continue
		}
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == "_" || name == "." {
			continue
		}
		if !refersTo(info, file, pos, name, importPath) {
			return "", nil, false
		}
		return name, nil, true
	}
	name := path.Base(importPath)
	if scope := info.Scopes[file]; scope != nil {
		if inner := scope.Innermost(pos); inner != nil {
			if _, obj := inner.LookupParent(name, pos); obj != nil {
				return "", nil, false // taken
			}
		}
		if scope.Lookup(name) != nil || scope.Parent() != nil && scope.Parent().Lookup(name) != nil {
			return "", nil, false
		}
	}
	return name, []analysis.TextEdit{insert(file, importPath)}, true
}

// refersTo reports whether name at pos resolves to the import of path.
func refersTo(info *types.Info, file *ast.File, pos token.Pos, name, importPath string) bool {
	scope := info.Scopes[file]
	if scope == nil {
		return false
	}
	inner := scope.Innermost(pos)
	if inner == nil {
		inner = scope
	}
	_, obj := inner.LookupParent(name, pos)
	pn, ok := obj.(*types.PkgName)
	return ok && pn.Imported().Path() == importPath
}

func insert(file *ast.File, importPath string) analysis.TextEdit {
	q := strconv.Quote(importPath)
	var last *ast.GenDecl
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			break
		}
		last = gd
	}
	switch {
	case last != nil && last.Lparen.IsValid():
		return analysis.TextEdit{Pos: last.Rparen, End: last.Rparen, NewText: fmt.Appendf(nil, "\n\t%s\n", q)}
	case last != nil:
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: fmt.Appendf(nil, "\nimport %s", q)}
	default:
		return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: fmt.Appendf(nil, "\n\nimport %s", q)}
	}
}
