package fixclass_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/fixclass"
)

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		fix   analysis.SuggestedFix
		class fixclass.Class
		why   string
		text  string
	}{
		{fixclass.SafeFix("write 0o644"), fixclass.Safe, "", "write 0o644"},
		{fixclass.ChangesFix("use mode 0o600", fixclass.NarrowsMode), fixclass.Changes, fixclass.NarrowsMode, "use mode 0o600"},
		// A bracket in the reason cannot end the tag early.
		{fixclass.ChangesFix("use x", "a[0] is gone"), fixclass.Changes, "a[0) is gone", "use x"},
		{analysis.SuggestedFix{Message: "use x"}, fixclass.Unclassified, "", "use x"},
		{analysis.SuggestedFix{Message: "use [safe] x"}, fixclass.Unclassified, "", "use [safe] x"},
		{analysis.SuggestedFix{Message: "[safe]"}, fixclass.Unclassified, "", "[safe]"},
	} {
		class, why := fixclass.Of(tc.fix.Message)
		if class != tc.class || why != tc.why {
			t.Errorf("Of(%q) = %v, %q; want %v, %q", tc.fix.Message, class, why, tc.class, tc.why)
		}
		if got := fixclass.Text(tc.fix.Message); got != tc.text {
			t.Errorf("Text(%q) = %q, want %q", tc.fix.Message, got, tc.text)
		}
		if got, want := fixclass.IsSafe(tc.fix.Message), tc.class == fixclass.Safe; got != want {
			t.Errorf("IsSafe(%q) = %v", tc.fix.Message, got)
		}
	}
}

func TestSafeOnly(t *testing.T) {
	a := fixclass.SafeFix("a")
	b := fixclass.ChangesFix("b", "why")
	c := fixclass.SafeFix("c")
	d := analysis.SuggestedFix{Message: "d"}
	got := fixclass.SafeOnly([]analysis.SuggestedFix{b, a, d, c})
	if len(got) != 2 || got[0].Message != a.Message || got[1].Message != c.Message {
		t.Errorf("SafeOnly kept %v", got)
	}
	if got := fixclass.SafeOnly([]analysis.SuggestedFix{b, d}); len(got) != 0 {
		t.Errorf("SafeOnly kept %v", got)
	}
}

func TestWithSafeFixesOnly(t *testing.T) {
	orig := &analysis.Analyzer{Name: "x", Doc: "x: test", Run: func(pass *analysis.Pass) (any, error) {
		pass.Report(analysis.Diagnostic{Message: "m", SuggestedFixes: []analysis.SuggestedFix{
			fixclass.ChangesFix("b", "why"), fixclass.SafeFix("a")}})
		return nil, nil
	}}
	on := true
	w := fixclass.WithSafeFixesOnly(orig, func() bool { return on })
	if w == orig || w.Name != orig.Name {
		t.Fatalf("wrapper %v", w)
	}
	for _, active := range []bool{true, false} {
		on = active
		var got []analysis.Diagnostic
		pass := &analysis.Pass{Analyzer: w, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
		if _, err := w.Run(pass); err != nil {
			t.Fatal(err)
		}
		want := 1
		if !active {
			want = 2
		}
		if len(got) != 1 || len(got[0].SuggestedFixes) != want {
			t.Errorf("active=%v: got %+v, want 1 diagnostic with %d fixes", active, got, want)
		}
	}
}
