package main

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// funcNames names the function declaration around a finding, for
// baselines and SARIF fingerprints. The runner keeps no syntax once a
// package is analyzed, so the file is parsed again, once, and only when
// it has a finding.
type funcNames struct {
	fset  *token.FileSet
	files map[string]*ast.File // nil: the file does not parse
}

func newFuncNames() *funcNames {
	return &funcNames{fset: token.NewFileSet(), files: make(map[string]*ast.File)}
}

// at returns "F" or "T.M" for the declaration containing p, "" outside any
// function. It compares lines and columns, not offsets: a finding in a cgo
// file is positioned in the original file, while its offset is that of the
// file cgo generated.
func (n *funcNames) at(p token.Position) string {
	file, ok := n.files[p.Filename]
	if !ok {
		file, _ = parser.ParseFile(n.fset, p.Filename, nil, parser.SkipObjectResolution)
		n.files[p.Filename] = file
	}
	if file == nil {
		return ""
	}
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || !n.contains(fd, p) {
			continue
		}
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			return recvTypeName(fd.Recv.List[0].Type) + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
	return ""
}

func (n *funcNames) contains(fd *ast.FuncDecl, p token.Position) bool {
	start, end := n.fset.Position(fd.Pos()), n.fset.Position(fd.End())
	before := func(a, b token.Position) bool { // a <= b
		return a.Line < b.Line || a.Line == b.Line && a.Column <= b.Column
	}
	return before(start, p) && before(p, end)
}
