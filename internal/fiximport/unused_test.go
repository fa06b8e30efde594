package fiximport

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestWrites(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"os.CreateTemp(os.TempDir(), \"x\")", "os", true},
		{"fsmode.Create(p, 0o600)", "os", false}, // not a qualifier: part of a longer name
		{"t.TempDir()", "os", false},
		{"f(x, filepath.Join(a, b))", "filepath", true},
	} {
		if got := writes([]byte(tc.text), tc.name); got != tc.want {
			t.Errorf("writes(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}

// TestMerge: an insertion inside a deletion becomes the deletion's text.
func TestMerge(t *testing.T) {
	edits := []analysis.TextEdit{
		{Pos: 30, End: 30, NewText: []byte("\nimport \"example.com/shim\"")},
		{Pos: 20, End: 33},
		{Pos: 50, End: 59, NewText: []byte("shim.Create")},
	}
	got := Merge(edits)
	if len(got) != 2 || got[0].Pos != token.Pos(20) || string(got[0].NewText) != "import \"example.com/shim\"\n" {
		t.Errorf("Merge = %+v", got)
	}
}
