package filemode_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/filemode"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestShimFixDropsImport applies the fix's own edits, without analysistest's
// clean-up of unused imports, which would hide an import the fix leaves
// unused: the fixed file must be the golden one as it stands.
func TestShimFixDropsImport(t *testing.T) {
	setStrict(t)
	results := analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/strict/lastuse")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) != 1 {
				t.Fatalf("%s: %d fixes, want 1", d.Message, len(d.SuggestedFixes))
			}
			edits := slices.Clone(d.SuggestedFixes[0].TextEdits)
			slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
			tf := r.Pass.Fset.File(d.Pos)
			src, err := os.ReadFile(tf.Name())
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range edits { // from the end, so offsets stay valid
				start, end := tf.Offset(e.Pos), tf.Offset(e.End)
				src = slices.Concat(src[:start], e.NewText, src[end:])
			}
			want, err := os.ReadFile(tf.Name() + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(src, want) {
				t.Errorf("fixed by its own edits:\n%s\nwant:\n%s", src, want)
			}
		}
	}
}
