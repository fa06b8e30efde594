package main

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
	"sort"

	"github.com/tmplint/tmplint/internal/finding"
)

// applyFixes applies the first suggested fix of each finding. A fix whose
// edits overlap an edit already accepted for the same file is left out
// whole, so that no file gets half a fix. With diffOnly it prints a unified
// diff of every changed file to w and writes nothing. It returns the
// findings whose fix was not applied.
func applyFixes(fs []finding.Finding, diffOnly bool, w io.Writer) ([]finding.Finding, error) {
	type span struct{ start, end int }
	accepted := make(map[string][]finding.Edit)
	var unfixed []finding.Finding
	for _, f := range fs {
		if len(f.Fixes) == 0 {
			unfixed = append(unfixed, f)
			continue
		}
		fix := f.Fixes[0]
		ok := true
		for _, e := range fix.Edits {
			for _, a := range accepted[e.Start.Filename] {
				if overlaps(e, a) {
					ok = false
				}
			}
		}
		if !ok {
			unfixed = append(unfixed, f)
			continue
		}
		for _, e := range fix.Edits {
			accepted[e.Start.Filename] = append(accepted[e.Start.Filename], e)
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
			return nil, err
		}
		edited, err := applyEdits(old, accepted[name])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if formatted, err := format.Source(edited); err == nil {
			edited = formatted
		}
		if bytes.Equal(old, edited) {
			continue
		}
		if diffOnly {
			io.WriteString(w, unifiedDiff(relPath(name), old, edited))
			continue
		}
		if err := overwrite(name, edited); err != nil {
			return nil, err
		}
	}
	return unfixed, nil
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
