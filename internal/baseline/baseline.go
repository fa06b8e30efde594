// Package baseline records the findings a codebase has today so that a CI
// gate can start failing on new findings only.
//
// A baseline file is JSON:
//
//	{
//	  "version": 1,
//	  "tool": "tmplint",
//	  "toolVersion": "v0.1.0",
//	  "findings": [
//	    {"analyzer": "filemode", "file": "pkg/x.go", "func": "F",
//	     "message": "…", "snippet": "os.WriteFile(name, data, 644)", "line": 12},
//	    …
//	  ]
//	}
//
// Matching does not use line numbers (the line is recorded for people
// only): a finding matches an entry with the same analyzer, file (relative
// to the root) and message, and the same source line text or the same
// enclosing function. Each entry matches at most one finding, so a second
// identical finding in the same place is new. Entries that match no finding
// are stale: the finding was fixed, and the entry can go. An entry of a
// file that the run did not analyze (a run on part of the module, a
// package that failed to load) is neither: it is kept as it is.
package baseline

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tmplint/tmplint/internal/finding"
)

// Version is the version of the file format that Write writes and Read
// accepts.
const Version = 1

// A Baseline is the content of a baseline file.
type Baseline struct {
	Version int    `json:"version"`
	Tool    string `json:"tool"`
	// ToolVersion is the version of the tmplint that wrote the file, for
	// people: an upgrade that rewords messages turns entries stale.
	ToolVersion string  `json:"toolVersion,omitempty"`
	Findings    []Entry `json:"findings"`
}

// An Entry is one recorded finding.
type Entry struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"` // slash-separated, relative to the root
	Func     string `json:"func,omitempty"`
	Message  string `json:"message"`
	Snippet  string `json:"snippet,omitempty"` // the line's text, whitespace collapsed
	Line     int    `json:"line,omitempty"`    // informational; not used for matching
}

// String formats the entry for a report of stale entries.
func (e Entry) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Analyzer, e.Message)
}

// Write writes a baseline of the findings fs, with file names relative to
// root, and of the entries keep (those of an earlier baseline that the
// run did not judge), recording toolVersion as the version of the tool
// that wrote it.
func Write(w io.Writer, root string, fs []finding.Finding, keep []Entry, toolVersion string) error {
	b := Baseline{Version: Version, Tool: "tmplint", ToolVersion: toolVersion, Findings: make([]Entry, 0, len(fs)+len(keep))}
	b.Findings = append(b.Findings, keep...)
	for i := range fs {
		b.Findings = append(b.Findings, entry(root, &fs[i]))
	}
	sort.SliceStable(b.Findings, func(i, j int) bool {
		x, y := b.Findings[i], b.Findings[j]
		if x.File != y.File {
			return x.File < y.File
		}
		if x.Line != y.Line {
			return x.Line < y.Line
		}
		if x.Analyzer != y.Analyzer {
			return x.Analyzer < y.Analyzer
		}
		return x.Message < y.Message
	})
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(b)
}

// Read reads a baseline file.
func Read(r io.Reader) (*Baseline, error) {
	var b Baseline
	dec := json.NewDecoder(r)
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("reading baseline: %v", err)
	}
	if b.Version != Version {
		return nil, fmt.Errorf("reading baseline: unsupported version %d (this tmplint reads version %d)", b.Version, Version)
	}
	for i, e := range b.Findings {
		if e.Analyzer == "" || e.File == "" || e.Message == "" {
			return nil, fmt.Errorf("reading baseline: entry %d lacks an analyzer, file or message", i)
		}
	}
	return &b, nil
}

// Outside returns the entries of files that the run did not judge:
// inRun is told each entry's file as an absolute name (nil: every file
// was judged).
func (b *Baseline) Outside(root string, inRun func(file string) bool) []Entry {
	var out []Entry
	for _, e := range b.Findings {
		if inRun != nil && !inRun(absPath(root, e.File)) {
			out = append(out, e)
		}
	}
	return out
}

// absPath is the absolute name of an entry's file.
func absPath(root, file string) string {
	if filepath.IsAbs(filepath.FromSlash(file)) {
		return filepath.FromSlash(file)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		abs = root
	}
	return filepath.Join(abs, filepath.FromSlash(file))
}

// Filter returns the findings of fs that the baseline does not record
// (kept, in their order in fs), and the baseline entries that match no
// finding (stale, in file order). File names are made relative to root.
// An entry whose file the run did not judge (inRun, told the file's
// absolute name, says false) is never stale; nil inRun judges every file.
func (b *Baseline) Filter(root string, fs []finding.Finding, inRun func(file string) bool) (kept []finding.Finding, stale []Entry) {
	type key struct{ analyzer, file, message, snippet, fn string }
	current := make([]Entry, len(fs))
	for i := range fs {
		current[i] = entry(root, &fs[i])
	}
	order := make([]int, len(fs)) // finding indexes in file order
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		a, b := current[order[x]], current[order[y]]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	matched := make([]bool, len(fs))
	used := make([]bool, len(b.Findings))

	// Match in rounds from the most to the least specific key, so that a
	// finding whose line is unchanged takes its own entry before another
	// finding in the same function could take it by function alone.
	rounds := []func(e Entry) (key, bool){
		func(e Entry) (key, bool) { return key{e.Analyzer, e.File, e.Message, e.Snippet, e.Func}, true },
		func(e Entry) (key, bool) { return key{e.Analyzer, e.File, e.Message, e.Snippet, ""}, e.Snippet != "" },
		func(e Entry) (key, bool) { return key{e.Analyzer, e.File, e.Message, "", e.Func}, e.Func != "" },
	}
	for _, keyOf := range rounds {
		avail := make(map[key][]int) // key → unused entry indexes, in file order
		for j, e := range b.Findings {
			if k, ok := keyOf(e); ok && !used[j] {
				avail[k] = append(avail[k], j)
			}
		}
		for _, i := range order {
			if matched[i] {
				continue
			}
			k, ok := keyOf(current[i])
			if !ok || len(avail[k]) == 0 {
				continue
			}
			used[avail[k][0]] = true
			avail[k] = avail[k][1:]
			matched[i] = true
		}
	}
	for i := range fs {
		if !matched[i] {
			kept = append(kept, fs[i])
		}
	}
	for j, e := range b.Findings {
		if !used[j] && (inRun == nil || inRun(absPath(root, e.File))) {
			stale = append(stale, e)
		}
	}
	return kept, stale
}

func entry(root string, f *finding.Finding) Entry {
	return Entry{
		Analyzer: f.Analyzer,
		File:     relPath(root, f.Posn.Filename),
		Func:     f.Func,
		Message:  f.Message,
		Snippet:  strings.Join(strings.Fields(f.Snippet), " "),
		Line:     f.Posn.Line,
	}
}

// relPath returns file relative to root with forward slashes, or file
// itself if it is not under root.
func relPath(root, file string) string {
	if absRoot, err := filepath.Abs(root); err == nil {
		if rel, err := filepath.Rel(absRoot, file); err == nil && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(filepath.Clean(file))
}
