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
		var pn *types.PkgName
		if is.Name != nil {
			pn, _ = info.Defs[is.Name].(*types.PkgName)
		} else {
			pn, _ = info.Implicits[is].(*types.PkgName)
		}
		if pn == nil || inside[pn] == 0 || outside[pn] > 0 {
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
