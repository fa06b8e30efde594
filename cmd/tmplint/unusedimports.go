package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"
)

// dropUnusedImports removes from the edited source the imports that the
// fixes left without a use: os after os.Create became fsmode.Create,
// io/ioutil after ioutil.TempDir became t.TempDir(). Go rejects an unused
// import, so without this a fix that is right in itself breaks the build;
// and no single fix can do it, since two fixes may each remove one of the
// two uses.
//
// Only what the fixes caused is touched: an import used in the original
// and used nowhere in the edited file. Its name must be known without type
// information, so only named imports and the standard library's (whose
// package name is its last element) are considered; a use is a selector
// on an unresolved identifier of that name (the parser resolves local
// variables, which may shadow it). Sources that do not parse are returned
// as they are.
func dropUnusedImports(old, edited []byte) []byte {
	fset := token.NewFileSet()
	before, err := parser.ParseFile(fset, "", old, 0)
	if err != nil {
		return edited
	}
	after, err := parser.ParseFile(fset, "", edited, 0)
	if err != nil {
		return edited
	}
	usedBefore, usedAfter := selectorRoots(before), selectorRoots(after)
	var cut [][2]int // byte ranges of edited to delete, in order
	for _, decl := range after.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.IMPORT {
			continue
		}
		var drop []*ast.ImportSpec
		for _, s := range gen.Specs {
			spec := s.(*ast.ImportSpec)
			name, ok := importName(spec)
			if ok && usedBefore[name] && !usedAfter[name] {
				drop = append(drop, spec)
			}
		}
		switch {
		case len(drop) == 0:
		case len(drop) == len(gen.Specs):
			cut = append(cut, lines(fset, edited, gen.Pos(), gen.End()))
		case gen.Lparen.IsValid():
			for _, spec := range drop {
				if alone(fset, gen, spec) {
					cut = append(cut, lines(fset, edited, spec.Pos(), spec.End()))
				}
			}
		}
	}
	if len(cut) == 0 {
		return edited
	}
	var out bytes.Buffer
	last := 0
	for _, c := range cut {
		out.Write(edited[last:c[0]])
		last = c[1]
	}
	out.Write(edited[last:])
	return out.Bytes()
}

// importName returns the name by which the file refers to the import, when
// it is known without type information.
func importName(spec *ast.ImportSpec) (string, bool) {
	p, err := strconv.Unquote(spec.Path.Value)
	if err != nil {
		return "", false
	}
	if spec.Name != nil {
		n := spec.Name.Name
		return n, n != "_" && n != "."
	}
	if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") || p == "C" {
		return "", false // outside the standard library the name may differ from the path
	}
	return path.Base(p), true
}

// selectorRoots returns the names x of the selectors x.y in the file whose
// x the parser could not resolve to a local declaration.
func selectorRoots(f *ast.File) map[string]bool {
	roots := make(map[string]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			//lint:ignore SA1019 the parser's resolution is what tells a local variable from a package here
			if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
				roots[id.Name] = true
			}
		}
		return true
	})
	return roots
}

// alone reports whether spec is the only thing on its lines of the
// declaration, so that deleting the lines deletes nothing else.
func alone(fset *token.FileSet, gen *ast.GenDecl, spec *ast.ImportSpec) bool {
	first, last := fset.Position(spec.Pos()).Line, fset.Position(spec.End()).Line
	if fset.Position(gen.Lparen).Line >= first || fset.Position(gen.Rparen).Line <= last {
		return false
	}
	for _, s := range gen.Specs {
		if s == spec {
			continue
		}
		if l := fset.Position(s.End()).Line; l >= first && fset.Position(s.Pos()).Line <= last {
			return false
		}
	}
	return true
}

// lines returns the byte range of the whole lines from pos to end,
// newline included.
func lines(fset *token.FileSet, src []byte, pos, end token.Pos) [2]int {
	start := fset.Position(pos).Offset
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	stop := fset.Position(end).Offset
	for stop < len(src) && src[stop] != '\n' {
		stop++
	}
	if stop < len(src) {
		stop++
	}
	return [2]int{start, stop}
}
