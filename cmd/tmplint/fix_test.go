package main

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tmplint/tmplint/internal/finding"
)

// TestApplyFixesBySafety applies, to one file, a finding with a safe fix and
// one whose only fix changes behaviour, in each mode.
func TestApplyFixesBySafety(t *testing.T) {
	src := "package p\n\nconst a = 644\n\nconst b = 0o777\n"
	edit := func(name, old, repl string) finding.Edit {
		i := strings.Index(src, old)
		return finding.Edit{
			Start: token.Position{Filename: name, Offset: i, Line: strings.Count(src[:i], "\n") + 1, Column: 1},
			End:   token.Position{Filename: name, Offset: i + len(old), Line: strings.Count(src[:i], "\n") + 1, Column: 1 + len(old)},
			New:   repl,
		}
	}
	for _, tc := range []struct {
		mode     fixMode
		diff     bool
		want     string
		unfixed  int
		held     int
		labelled []string
	}{
		{mode: fixSafe, want: "const a = 0o644\n\nconst b = 0o777\n", unfixed: 1, held: 1},
		{mode: fixAll, want: "const a = 0o644\n\nconst b = 0o775\n"},
		{diff: true, want: "const a = 644\n\nconst b = 0o777\n",
			labelled: []string{"@@ -1,5 +1,5 @@ CHANGES BEHAVIOUR, applied only by -fix=all: filemode: use mode 0o775 (narrows the mode) | safe, applied by -fix: filemode: write 0o644"}},
		// -diff -fix shows what -fix would apply: the safe fix alone.
		{mode: fixSafe, diff: true, want: "const a = 644\n\nconst b = 0o777\n", unfixed: 1, held: 1,
			labelled: []string{"+const a = 0o644", " const b = 0o777"}},
	} {
		name := filepath.Join(t.TempDir(), "p.go")
		if err := os.WriteFile(name, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		fs := []finding.Finding{
			{Analyzer: "filemode", Fixes: []finding.Fix{{Message: "write 0o644 [safe]", Edits: []finding.Edit{edit(name, "644", "0o644")}}}},
			{Analyzer: "filemode", Fixes: []finding.Fix{{Message: "use mode 0o775 [changes behaviour: narrows the mode]", Edits: []finding.Edit{edit(name, "0o777", "0o775")}}}},
		}
		var out strings.Builder
		unfixed, stats, err := applyFixes(fs, tc.mode, tc.diff, &out)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(name)
		if !strings.HasSuffix(string(got), tc.want) {
			t.Errorf("mode %v diff %v: file\n%s\nwant ending\n%s", tc.mode, tc.diff, got, tc.want)
		}
		if (!tc.diff || tc.mode != fixOff) && (len(unfixed) != tc.unfixed || stats.heldBack != tc.held) {
			t.Errorf("mode %v: %d unfixed, %d held back; want %d, %d", tc.mode, len(unfixed), stats.heldBack, tc.unfixed, tc.held)
		}
		for _, l := range tc.labelled {
			if !strings.Contains(out.String(), l) {
				t.Errorf("diff lacks %q:\n%s", l, out.String())
			}
		}
	}
}

// TestFixSummary: the summary line counts in the singular and the plural,
// and -diff -fix says that it shows what -fix would apply.
func TestFixSummary(t *testing.T) {
	for _, c := range []struct {
		stats fixStats
		mode  fixMode
		diff  bool
		want  string
	}{
		{fixStats{safe: 1, files: 1}, fixSafe, false, "applied 1 fix (1 safe, 0 that change behaviour) in 1 file"},
		{fixStats{safe: 2, changing: 1, files: 2, heldBack: 1, overlapping: 1}, fixAll, false,
			"applied 3 fixes (2 safe, 1 that change behaviour) in 2 files; 1 fix that changes behaviour was not applied: review with -diff, apply with -fix=all; 1 fix overlaps another and waits for the next run"},
		{fixStats{safe: 1, files: 1, heldBack: 2}, fixSafe, true, "showed, as a diff and writing no file, what -fix would apply: 1 fix"},
		{fixStats{safe: 1, changing: 1, files: 1}, fixOff, true, "showed 2 fixes"},
	} {
		if got := c.stats.summary(c.mode, c.diff); !strings.Contains(got, c.want) {
			t.Errorf("%+v mode %v diff %v: %q, want %q", c.stats, c.mode, c.diff, got, c.want)
		}
	}
}

func TestFixModeFlag(t *testing.T) {
	for in, want := range map[string]fixMode{"true": fixSafe, "safe": fixSafe, "all": fixAll, "false": fixOff} {
		var m fixMode
		if err := m.Set(in); err != nil || m != want {
			t.Errorf("Set(%q) = %v, %v; want %v", in, m, err, want)
		}
	}
	var m fixMode
	if err := m.Set("some"); err == nil {
		t.Error("Set(some) accepted")
	}
}
