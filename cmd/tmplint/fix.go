package main

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/tmplint/tmplint/internal/finding"
	"github.com/tmplint/tmplint/internal/fixclass"
)

// fixMode is the value of the -fix flag: off, safe (-fix) or all
// (-fix=all). Only -fix=all applies fixes that change behaviour.
type fixMode int

const (
	fixOff fixMode = iota
	fixSafe
	fixAll
)

func (m *fixMode) IsBoolFlag() bool { return true }

func (m *fixMode) String() string {
	switch {
	case m == nil || *m == fixOff:
		return "false"
	case *m == fixAll:
		return "all"
	}
	return "true"
}

func (m *fixMode) Set(s string) error {
	switch s {
	case "true", "safe":
		*m = fixSafe
	case "false":
		*m = fixOff
	case "all":
		*m = fixAll
	default:
		return fmt.Errorf("want -fix (safe fixes only), -fix=all or -fix=false, not %q", s)
	}
	return nil
}

// fixStats counts what applyFixes did.
type fixStats struct {
	safe, changing int // fixes applied (or shown, with -diff), by class
	heldBack       int // findings with only behaviour-changing fixes, left alone by -fix
	overlapping    int // fixes left out because they overlap an accepted one
	files          int // files changed
}

// summary is the line printed after -fix or -diff. The benchmark under
// bench/ parses it: keep its numbers in this order.
func (s fixStats) summary(mode fixMode, diffOnly bool) string {
	verb := "applied"
	switch {
	case diffOnly && mode != fixOff:
		flag := "-fix"
		if mode == fixAll {
			flag = "-fix=all"
		}
		verb = "showed, as a diff and writing no file, what " + flag + " would apply:"
	case diffOnly:
		verb = "showed"
	}
	msg := fmt.Sprintf("%s: %s %s (%d safe, %d that change behaviour) in %s",
		progname(), verb, count(s.safe+s.changing, "fix", "fixes"), s.safe, s.changing, count(s.files, "file", "files"))
	if s.heldBack > 0 {
		msg += fmt.Sprintf("; %s not applied: review with -diff, apply with -fix=all",
			count(s.heldBack, "fix that changes behaviour was", "fixes that change behaviour were"))
	}
	if s.overlapping > 0 {
		msg += fmt.Sprintf("; %s and wait%s for the next run",
			count(s.overlapping, "fix overlaps another", "fixes overlap another"), plural(s.overlapping, "s", ""))
	}
	return msg
}

// acceptedFix is a fix chosen for a file, for labelling the diff.
type acceptedFix struct {
	analyzer string
	fix      finding.Fix
}

// chooseFix returns the fix of f to apply in the mode: the first fix for
// -diff and -fix=all, the first safe one for -fix (and for -diff -fix,
// which shows what -fix would apply).
func chooseFix(f finding.Finding, mode fixMode, diffOnly bool) (finding.Fix, bool) {
	for _, fix := range f.Fixes {
		if diffOnly && mode == fixOff || mode == fixAll || fixclass.IsSafe(fix.Message) {
			return fix, true
		}
	}
	return finding.Fix{}, false
}

// applyFixes applies one suggested fix of each finding: the first safe one
// with -fix, the first one with -fix=all (see chooseFix). A fix whose edits
// overlap an edit already accepted for the same file is left out whole, so
// that no file gets half a fix. With diffOnly it prints a unified diff of
// every changed file to w, with the first fix of every finding, each hunk
// labelled with the class of the fixes in it, and writes nothing. It
// returns the findings whose fix was not applied.
func applyFixes(fs []finding.Finding, mode fixMode, diffOnly bool, w io.Writer) ([]finding.Finding, fixStats, error) {
	var stats fixStats
	accepted := make(map[string][]finding.Edit)
	fixesIn := make(map[string][]acceptedFix)
	var unfixed []finding.Finding
	for _, f := range fs {
		fix, ok := chooseFix(f, mode, diffOnly)
		if !ok {
			if len(f.Fixes) > 0 {
				stats.heldBack++
			}
			unfixed = append(unfixed, f)
			continue
		}
		for _, e := range fix.Edits {
			for _, a := range accepted[e.Start.Filename] {
				if overlaps(e, a) {
					ok = false
				}
			}
		}
		if !ok {
			stats.overlapping++
			unfixed = append(unfixed, f)
			continue
		}
		if fixclass.IsSafe(fix.Message) {
			stats.safe++
		} else {
			stats.changing++
		}
		for _, e := range fix.Edits {
			accepted[e.Start.Filename] = append(accepted[e.Start.Filename], e)
		}
		for _, name := range editedFiles(fix) {
			fixesIn[name] = append(fixesIn[name], acceptedFix{f.Analyzer, fix})
		}
	}
	names := make([]string, 0, len(accepted))
	for name := range accepted {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		old, err := os.ReadFile(name)
		if err != nil {
			return nil, stats, err
		}
		edited, err := applyEdits(old, accepted[name])
		if err != nil {
			return nil, stats, fmt.Errorf("%s: %v", name, err)
		}
		edited = formatLike(old, dropUnusedImports(old, edited))
		if bytes.Equal(old, edited) {
			continue
		}
		stats.files++
		if diffOnly {
			fixes := fixesIn[name]
			label := func(first, last int) string { return hunkLabel(fixes, first, last) }
			io.WriteString(w, labelledDiff(relPath(name), old, edited, label))
			continue
		}
		if err := overwrite(name, edited); err != nil {
			return nil, stats, err
		}
	}
	return unfixed, stats, nil
}

// formatLike gofmts the edited source when the original was gofmt-clean,
// so that a fix is laid out as the code around it; a file that was not
// formatted is left as the edits made it, so that the diff shows only the
// fixes.
func formatLike(old, edited []byte) []byte {
	if clean, err := format.Source(old); err != nil || !bytes.Equal(clean, old) {
		return edited
	}
	if formatted, err := format.Source(edited); err == nil {
		return formatted
	}
	return edited
}

func editedFiles(fix finding.Fix) []string {
	var names []string
	for _, e := range fix.Edits {
		if !slices.Contains(names, e.Start.Filename) {
			names = append(names, e.Start.Filename)
		}
	}
	return names
}

// hunkLabel returns the text that follows the @@ range of a hunk covering
// the 0-based lines [first, last] of the old file: the class, analyzer and
// message of each fix with an edit there. patch and git apply ignore it, as
// they ignore the function names that diff -p puts there.
func hunkLabel(fixes []acceptedFix, first, last int) string {
	var safe, changing []string
	for _, af := range fixes {
		in := false
		for _, e := range af.fix.Edits {
			// Edit lines are 1-based; an edit ending at the start of a
			// line does not touch that line.
			from, to := e.Start.Line-1, e.End.Line-1
			if e.End.Column == 1 && to > from {
				to--
			}
			if from <= last && to >= first {
				in = true
			}
		}
		if !in {
			continue
		}
		class, why := fixclass.Of(af.fix.Message)
		text := af.analyzer + ": " + fixclass.Text(af.fix.Message)
		if class == fixclass.Safe {
			safe = append(safe, text)
		} else {
			if why == "" {
				why = "not classified"
			}
			changing = append(changing, text+" ("+why+")")
		}
	}
	var parts []string
	if len(changing) > 0 {
		parts = append(parts, "CHANGES BEHAVIOUR, applied only by -fix=all: "+strings.Join(changing, "; "))
	}
	if len(safe) > 0 {
		parts = append(parts, "safe, applied by -fix: "+strings.Join(safe, "; "))
	}
	return strings.Join(parts, " | ")
}

// overlaps reports whether two edits touch the same bytes. Two insertions
// at the same offset overlap too: their order would be arbitrary.
func overlaps(a, b finding.Edit) bool {
	if a.Start.Offset == a.End.Offset && b.Start.Offset == b.End.Offset {
		return a.Start.Offset == b.Start.Offset && a.New != b.New
	}
	return a.Start.Offset < b.End.Offset && b.Start.Offset < a.End.Offset
}

func applyEdits(src []byte, edits []finding.Edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b finding.Edit) int { return a.Start.Offset - b.Start.Offset })
	edits = slices.CompactFunc(edits, func(a, b finding.Edit) bool { return a == b })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.Start.Offset < last || e.End.Offset > len(src) || e.End.Offset < e.Start.Offset {
			return nil, fmt.Errorf("suggested fix has an invalid edit at offset %d", e.Start.Offset)
		}
		out.Write(src[last:e.Start.Offset])
		out.WriteString(e.New)
		last = e.End.Offset
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// overwrite replaces the content of an existing file, keeping its mode and
// owner: it never creates one, so no mode is involved.
func overwrite(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
