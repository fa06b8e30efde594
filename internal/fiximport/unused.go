package fiximport

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Unused returns the edits that delete the imports of file whose every use
// in it lies in the removed ranges (the code a fix replaces), so that the
// fixed file compiles: Go rejects an unused import. ok is false when such
// an import cannot be deleted line-wise; then the fix must not be offered.
func Unused(info *types.Info, fset *token.FileSet, file *ast.File, removed [][2]token.Pos) (edits []analysis.TextEdit, ok bool) {
	return unused(info, fset, file, removed, nil)
}

// Drop appends to a fix's edits the deletions of the imports that the
// edits leave unused, and returns false when one cannot be deleted. The
// code an edit replaces is removed; an import whose name the new text
// writes (name followed by a dot: text copied from the replaced code, such
// as the directory of filepath.Join(os.TempDir(), "x")) is kept.
func Drop(info *types.Info, fset *token.FileSet, file *ast.File, edits []analysis.TextEdit) ([]analysis.TextEdit, bool) {
	var removed [][2]token.Pos
	written := make(map[string]bool)
	for _, e := range edits {
		if e.Pos < e.End {
			removed = append(removed, [2]token.Pos{e.Pos, e.End})
		}
		for _, is := range file.Imports {
			if name := localName(info, is); name != "" && writes(e.NewText, name) {
				written[name] = true
			}
		}
	}
	drop, ok := unused(info, fset, file, removed, written)
	if !ok {
		return nil, false
	}
	return Merge(append(edits, drop...)), true
}

// localName is the name by which the file refers to the import.
func localName(info *types.Info, is *ast.ImportSpec) string {
	if pn := pkgName(info, is); pn != nil {
		return pn.Name()
	}
	return ""
}

func pkgName(info *types.Info, is *ast.ImportSpec) *types.PkgName {
	if is.Name != nil {
		pn, _ := info.Defs[is.Name].(*types.PkgName)
		return pn
	}
	pn, _ := info.Implicits[is].(*types.PkgName)
	return pn
}

// writes reports whether text holds name as a qualifier: "name." not
// preceded by a letter, digit or underscore.
func writes(text []byte, name string) bool {
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte(name+"."))
		if j < 0 {
			return false
		}
		j += i
		if j == 0 || !isIdent(text[j-1]) {
			return true
		}
		i = j + 1
	}
}

func isIdent(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b >= 0x80
}

func unused(info *types.Info, fset *token.FileSet, file *ast.File, removed [][2]token.Pos, written map[string]bool) (edits []analysis.TextEdit, ok bool) {
	inRemoved := func(pos token.Pos) bool {
		for _, r := range removed {
			if r[0] <= pos && pos < r[1] {
				return true
			}
		}
		return false
	}
	inside := make(map[*types.PkgName]int)
	outside := make(map[*types.PkgName]int)
	for id, obj := range info.Uses {
		pn, isPkg := obj.(*types.PkgName)
		if !isPkg || id.Pos() < file.Pos() || id.Pos() >= file.End() {
			continue
		}
		if inRemoved(id.Pos()) {
			inside[pn]++
		} else {
			outside[pn]++
		}
	}
	tf := fset.File(file.Pos())
	for _, is := range file.Imports {
		pn := pkgName(info, is)
		if pn == nil || inside[pn] == 0 || outside[pn] > 0 || written[pn.Name()] {
			continue
		}
		line := tf.Line(is.Pos())
		if line >= tf.LineCount() || tf.Line(is.End()) != line {
			return nil, false
		}
		// The spec's line, or the line of a one-line "import "x"".
		for _, d := range file.Decls {
			if gd, isGen := d.(*ast.GenDecl); isGen && !gd.Lparen.IsValid() && len(gd.Specs) == 1 && gd.Specs[0] == ast.Spec(is) && tf.Line(gd.Pos()) != line {
				return nil, false
			}
		}
		edits = append(edits, analysis.TextEdit{Pos: tf.LineStart(line), End: tf.LineStart(line + 1)})
	}
	return edits, true
}

// Merge folds into a deletion the insertion that falls inside it (the
// import of a new package written after a one-line "import "os"" that the
// same fix deletes): overlapping edits are rejected by every driver, so
// the deleted line is replaced by the inserted one instead.
func Merge(edits []analysis.TextEdit) []analysis.TextEdit {
	var out []analysis.TextEdit
	for i, e := range edits {
		if e.Pos != e.End {
			continue
		}
		for j := range edits {
			d := &edits[j]
			if j != i && d.Pos < d.End && d.Pos <= e.Pos && e.Pos < d.End && len(d.NewText) == 0 {
				d.NewText = append(bytes.TrimPrefix(e.NewText, []byte("\n")), '\n')
				edits[i].Pos, edits[i].End = token.NoPos, token.NoPos // merged
				break
			}
		}
	}
	for _, e := range edits {
		if e.Pos.IsValid() {
			out = append(out, e)
		}
	}
	return out
}
