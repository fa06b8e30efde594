package baseline_test

import (
	"bytes"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tmplint/tmplint/internal/baseline"
	"github.com/tmplint/tmplint/internal/finding"
)

const root = "/repo"

func f(analyzer, file string, line int, fn, msg, snippet string) finding.Finding {
	return finding.Finding{
		Analyzer: analyzer,
		Posn:     token.Position{Filename: filepath.Join(root, file), Line: line, Column: 2},
		Message:  msg,
		Snippet:  snippet,
		Func:     fn,
	}
}

// old is what the code had when the baseline was written.
var old = []finding.Finding{
	f("filemode", "a/a.go", 10, "F", "mode 644 is decimal", "os.WriteFile(name, data, 644)"),
	f("tempcleanup", "a/a.go", 20, "G", "temp file f from os.CreateTemp is not removed on every path, so it stays on disk: defer os.Remove(f.Name()) right after the error check", `f, err := os.CreateTemp("", "x")`),
	f("tempcleanup", "a/a.go", 30, "G", "temp file f from os.CreateTemp is not removed on every path, so it stays on disk: defer os.Remove(f.Name()) right after the error check", `f, err := os.CreateTemp("", "x")`),
	f("execfd", "b/b.go", 5, "H", "process is not waited", "cmd.Start()"),
	f("filemode", "b/b.go", 2, "", "umask lets other-write through", "var _ = syscall.Umask(0)"),
}

func roundTrip(t *testing.T, fs []finding.Finding) *baseline.Baseline {
	t.Helper()
	var buf bytes.Buffer
	if err := baseline.Write(&buf, root, fs, nil, "v1.2.3"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"version": 1`) || !strings.Contains(buf.String(), `"file": "a/a.go"`) {
		t.Errorf("baseline file:\n%s", buf.String())
	}
	b, err := baseline.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestUnchanged(t *testing.T) {
	b := roundTrip(t, old)
	kept, stale := b.Filter(root, old, nil)
	if len(kept) != 0 || len(stale) != 0 {
		t.Errorf("kept %v, stale %v; want none", kept, stale)
	}
}

// TestLineShift: an unrelated edit above the findings moves them all down,
// and a reformatting changes the spacing of one line.
func TestLineShift(t *testing.T) {
	b := roundTrip(t, old)
	var now []finding.Finding
	for _, x := range old {
		x.Posn.Line += 7
		now = append(now, x)
	}
	now[0].Snippet = "os.WriteFile(name,  data,   644)"
	kept, stale := b.Filter(root, now, nil)
	if len(kept) != 0 || len(stale) != 0 {
		t.Errorf("after a line shift: kept %v, stale %v; want none", kept, stale)
	}
}

// TestEditedLine: the finding's own line changed but it is in the same
// function, so it is still the recorded finding.
func TestEditedLine(t *testing.T) {
	b := roundTrip(t, old)
	now := append([]finding.Finding(nil), old...)
	now[3].Snippet = "if err := cmd.Start(); err != nil {"
	now[3].Posn.Line = 9
	kept, stale := b.Filter(root, now, nil)
	if len(kept) != 0 || len(stale) != 0 {
		t.Errorf("kept %v, stale %v; want none", kept, stale)
	}
}

// TestMultiplicity: a third identical finding in G is new even though two
// like it are recorded.
func TestMultiplicity(t *testing.T) {
	b := roundTrip(t, old)
	extra := f("tempcleanup", "a/a.go", 40, "G", "temp file f from os.CreateTemp is not removed on every path, so it stays on disk: defer os.Remove(f.Name()) right after the error check", `f, err := os.CreateTemp("", "x")`)
	now := append(append([]finding.Finding(nil), old...), extra)
	kept, stale := b.Filter(root, now, nil)
	if len(kept) != 1 || kept[0].Analyzer != "tempcleanup" || len(stale) != 0 {
		t.Errorf("kept %v, stale %v; want one new tempcleanup finding", kept, stale)
	}
}

// TestFixedAndNew: a fixed finding leaves a stale entry; a finding that
// moved to another function with other text is new.
func TestFixedAndNew(t *testing.T) {
	b := roundTrip(t, old)
	now := append([]finding.Finding(nil), old[:3]...) // execfd in H fixed
	now = append(now, f("filemode", "b/b.go", 2, "", "umask lets other-write through", "var _ = syscall.Umask(0)"))
	now = append(now, f("execfd", "b/b.go", 50, "K", "process is not waited", "c.Start()")) // new
	kept, stale := b.Filter(root, now, nil)
	if len(kept) != 1 || kept[0].Func != "K" {
		t.Errorf("kept %v; want the finding in K", kept)
	}
	if len(stale) != 1 || stale[0].Func != "H" || stale[0].Line != 5 {
		t.Errorf("stale %v; want the entry for H", stale)
	}
	if got := stale[0].String(); got != "b/b.go:5: execfd: process is not waited" {
		t.Errorf("stale entry formats as %q", got)
	}
}

// TestOtherFileOrAnalyzer: nothing matches across files or analyzers.
func TestOtherFileOrAnalyzer(t *testing.T) {
	b := roundTrip(t, old[:1])
	moved := old[0]
	moved.Posn.Filename = filepath.Join(root, "c/c.go")
	other := old[0]
	other.Analyzer = "temppath"
	kept, stale := b.Filter(root, []finding.Finding{moved, other}, nil)
	if len(kept) != 2 || len(stale) != 1 {
		t.Errorf("kept %v, stale %v; want 2 kept and 1 stale", kept, stale)
	}
}

func TestReadErrors(t *testing.T) {
	for _, in := range []string{
		``,
		`{"version": 2, "findings": []}`,
		`{"version": 1, "findings": [{"analyzer": "filemode"}]}`,
		`[1, 2]`,
	} {
		if _, err := baseline.Read(strings.NewReader(in)); err == nil {
			t.Errorf("Read(%q) succeeded", in)
		}
	}
	b, err := baseline.Read(strings.NewReader(`{"version": 1, "tool": "tmplint", "findings": []}`))
	if err != nil || len(b.Findings) != 0 {
		t.Errorf("empty baseline: %v, %v", b, err)
	}
}

// TestMessageChange: matching compares the message text, so a finding
// whose analyzer rewords its message (a new hint for the same leak) no
// longer matches its entry: the entry goes stale and the finding is new.
// Regenerate the baseline after upgrading tmplint.
func TestMessageChange(t *testing.T) {
	b := roundTrip(t, old)
	now := append([]finding.Finding(nil), old...)
	now[1].Message = "temp file f from os.CreateTemp is returned to the caller but not removed on the return that leaks it, so it stays on disk there: remove it there only"
	kept, stale := b.Filter(root, now, nil)
	if len(kept) != 1 || kept[0].Message != now[1].Message || len(stale) != 1 || stale[0].Message != old[1].Message {
		t.Errorf("kept %v, stale %v; want the reworded finding new and its entry stale", kept, stale)
	}
}

// TestOutsideTheRun: entries of files the run did not judge are neither
// matched nor stale, and Outside lists them for a rewrite to keep.
func TestOutsideTheRun(t *testing.T) {
	b := roundTrip(t, old)
	onlyA := func(file string) bool { return filepath.Dir(file) == filepath.Join(root, "a") }
	var inA []finding.Finding
	for _, f := range old {
		if filepath.Dir(f.Posn.Filename) == filepath.Join(root, "a") {
			inA = append(inA, f)
		}
	}
	kept, stale := b.Filter(root, inA, onlyA)
	if len(kept) != 0 || len(stale) != 0 {
		t.Errorf("a run of a alone: kept %v, stale %v; want neither", kept, stale)
	}
	kept, stale = b.Filter(root, nil, onlyA)
	if len(kept) != 0 || len(stale) != len(inA) {
		t.Errorf("a run of a alone without findings: stale %v, want a's %d entries", stale, len(inA))
	}
	outside := b.Outside(root, onlyA)
	if len(outside) != len(old)-len(inA) || len(outside) == 0 {
		t.Fatalf("outside %v, want the %d entries of b", outside, len(old)-len(inA))
	}
	var buf bytes.Buffer
	if err := baseline.Write(&buf, root, nil, outside, "v1.2.3"); err != nil {
		t.Fatal(err)
	}
	rewritten, err := baseline.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(rewritten.Findings) != len(outside) || rewritten.Findings[0].File != "b/b.go" {
		t.Errorf("rewritten baseline %v, want b's entries", rewritten.Findings)
	}
}
