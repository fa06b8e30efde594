// Package finding is the driver-neutral form of a diagnostic that the
// command's outputs (text, JSON, SARIF, baseline) consume.
package finding

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// A Finding is one diagnostic of one analyzer, with its positions resolved.
type Finding struct {
	Analyzer string         // the analyzer's name
	Package  string         // the package ID it was found in
	Posn     token.Position // start; Filename is absolute
	End      token.Position // end; may equal Posn
	Message  string
	Related  []Related
	Fixes    []Fix
	Snippet  string // the source text of the line at Posn, trimmed
	Func     string // the enclosing function ("T.Method", "F"), "" at file level
}

// Related is a related-information entry of a finding.
type Related struct {
	Posn    token.Position
	End     token.Position
	Message string
}

// A Fix is one suggested fix: edits to apply together.
type Fix struct {
	Message string
	Edits   []Edit
}

// An Edit replaces the bytes [Start.Offset, End.Offset) of a file with New.
type Edit struct {
	Start, End token.Position
	New        string
}

// FromDiagnostic converts a diagnostic reported on a package.
func FromDiagnostic(fset *token.FileSet, analyzer, pkg string, d analysis.Diagnostic) Finding {
	f := Finding{
		Analyzer: analyzer,
		Package:  pkg,
		Posn:     fset.Position(d.Pos),
		End:      fset.Position(d.Pos),
		Message:  d.Message,
	}
	if d.End.IsValid() {
		f.End = fset.Position(d.End)
	}
	for _, r := range d.Related {
		rel := Related{Posn: fset.Position(r.Pos), End: fset.Position(r.Pos), Message: r.Message}
		if r.End.IsValid() {
			rel.End = fset.Position(r.End)
		}
		f.Related = append(f.Related, rel)
	}
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			fix.Edits = append(fix.Edits, Edit{Start: fset.Position(e.Pos), End: fset.Position(end), New: string(e.NewText)})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}
