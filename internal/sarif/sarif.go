// Package sarif writes tmplint's findings as a SARIF 2.1.0 log, the format
// that GitHub code scanning and other code-scanning services ingest.
//
// The log has one run, with one rule per analyzer and one result per
// finding. Locations are relative to a source root (uriBaseId %SRCROOT%).
// Each result carries a partial fingerprint that does not depend on line
// numbers, so that an alert keeps its identity when unrelated edits move
// its code, and its suggested fixes as SARIF fixes.
package sarif

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/finding"
	"github.com/tmplint/tmplint/internal/fixclass"
)

// SchemaURI is the schema the log declares.
const SchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// FingerprintKey is the key of tmplint's entry in partialFingerprints. The
// value is a hash of the finding's analyzer, file, message, source line text
// and enclosing function, then ":" and the occurrence number among findings
// with the same hash (as GitHub's primaryLocationLineHash does).
const FingerprintKey = "tmplintFindingHash/v1"

// SrcRoot is the uriBaseId of every location.
const SrcRoot = "%SRCROOT%"

const (
	toolName = "tmplint"
	toolURI  = "https://github.com/tmplint/tmplint"
)

// A Notification is a problem of the run that is not a finding: a package
// that could not be analyzed, and why. Package is "" for a problem of the
// whole run (no package matched, the go command failed).
type Notification struct {
	Package string
	Message string
}

// Write writes the findings fs of the analyzers as as a SARIF 2.1.0 log to
// w. File names are made relative to root, the directory that code-scanning
// services call the checkout root. Version is the tool's version ("" if
// unknown). The log's invocation is successful when there are no
// notifications; each becomes a tool execution notification of level
// error, so that a run where packages failed is not uploaded as clean.
func Write(w io.Writer, root string, as []*analysis.Analyzer, fs []finding.Finding, version string, notes []Notification) error {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	wr := &writer{root: absRoot, files: make(map[string][]byte)}

	ruleIndex := make(map[string]int)
	rules := make([]rule, 0, len(as))
	for _, a := range as {
		ruleIndex[a.Name] = len(rules)
		rules = append(rules, newRule(a))
	}

	sorted := append([]finding.Finding(nil), fs...)
	sort.SliceStable(sorted, func(i, j int) bool { return less(&sorted[i], &sorted[j]) })

	results := make([]result, 0, len(sorted))
	occurrences := make(map[string]int)
	for i := range sorted {
		f := &sorted[i]
		idx, ok := ruleIndex[f.Analyzer]
		if !ok {
			// A finding of an analyzer not in as: describe it minimally so
			// that every result has a rule.
			idx = len(rules)
			ruleIndex[f.Analyzer] = idx
			rules = append(rules, rule{ID: f.Analyzer, Name: f.Analyzer, ShortDescription: &text{Text: f.Analyzer}, DefaultConfiguration: &config{Level: "warning"}})
		}
		hash := Fingerprint(root, f)
		occurrences[hash]++
		results = append(results, wr.result(f, idx, fmt.Sprintf("%s:%d", hash, occurrences[hash])))
	}

	driver := toolComponent{Name: toolName, InformationURI: toolURI, Rules: rules}
	if version != "" {
		driver.Version = version
		if v := strings.TrimPrefix(version, "v"); isSemver(v) {
			driver.SemanticVersion = v
		}
	}
	rootURI := (&url.URL{Scheme: "file", Path: filepath.ToSlash(absRoot)}).String()
	if !strings.HasSuffix(rootURI, "/") {
		rootURI += "/"
	}
	inv := invocation{ExecutionSuccessful: len(notes) == 0}
	for _, n := range notes {
		msg := n.Message
		if n.Package != "" {
			msg = "package " + n.Package + ": " + msg
		}
		note := notification{Level: "error", Message: text{Text: msg}}
		if n.Package != "" {
			note.Locations = []location{{LogicalLocations: []logicalLocation{{Name: n.Package, FullyQualifiedName: n.Package, Kind: "module"}}}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, note)
	}
	doc := log{
		Schema:  SchemaURI,
		Version: "2.1.0",
		Runs: []run{{
			Tool:              tool{Driver: driver},
			Invocations:       []invocation{inv},
			OriginalURIBaseID: map[string]artifactLocation{SrcRoot: {URI: rootURI}},
			Results:           results,
			ColumnKind:        "utf16CodeUnits",
		}},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// Fingerprint returns the line-independent part of a finding's partial
// fingerprint: a hash of the analyzer, the file relative to root, the
// message, the source line (whitespace collapsed) and the enclosing
// function.
func Fingerprint(root string, f *finding.Finding) string {
	h := sha256.New()
	// Whitespace in the line is collapsed: gofmt realigns comments and
	// columns when neighbouring lines change.
	snippet := strings.Join(strings.Fields(f.Snippet), " ")
	for _, s := range []string{f.Analyzer, RelPath(root, f.Posn.Filename), f.Message, snippet, f.Func} {
		fmt.Fprintf(h, "%d:%s\x00", len(s), s)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// RelPath returns file relative to root, with forward slashes, or file
// itself (cleaned, with forward slashes) if it is not under root.
func RelPath(root, file string) string {
	if absRoot, err := filepath.Abs(root); err == nil {
		if rel, err := filepath.Rel(absRoot, file); err == nil && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(filepath.Clean(file))
}

func less(a, b *finding.Finding) bool {
	if a.Posn.Filename != b.Posn.Filename {
		return a.Posn.Filename < b.Posn.Filename
	}
	if a.Posn.Offset != b.Posn.Offset {
		return a.Posn.Offset < b.Posn.Offset
	}
	if a.Posn.Line != b.Posn.Line { // positions without offsets
		return a.Posn.Line < b.Posn.Line
	}
	if a.Posn.Column != b.Posn.Column {
		return a.Posn.Column < b.Posn.Column
	}
	if a.Analyzer != b.Analyzer {
		return a.Analyzer < b.Analyzer
	}
	return a.Message < b.Message
}

func newRule(a *analysis.Analyzer) rule {
	doc := strings.TrimSpace(a.Doc)
	first, _, _ := strings.Cut(doc, "\n")
	short := strings.TrimPrefix(first, a.Name+": ")
	r := rule{
		ID:                   a.Name,
		Name:                 a.Name,
		ShortDescription:     &text{Text: short},
		FullDescription:      &text{Text: doc},
		DefaultConfiguration: &config{Level: "warning"},
		Properties:           &ruleProperties{Tags: []string{"security", "tmplint"}, Precision: "high", ProblemSeverity: "warning"},
	}
	help := doc
	if a.URL != "" {
		r.HelpURI = a.URL
		help += "\n\nDocumentation: " + a.URL
	}
	help += "\n\nRun `tmplint help " + a.Name + "` for the full documentation."
	r.Help = &text{Text: help}
	return r
}

// writer converts findings, reading source files once each to express
// columns in UTF-16 code units as SARIF's default column kind requires.
type writer struct {
	root  string
	files map[string][]byte // nil content: unreadable
}

func (w *writer) result(f *finding.Finding, ruleIndex int, fingerprint string) result {
	r := result{
		RuleID:              f.Analyzer,
		RuleIndex:           ruleIndex,
		Level:               "warning",
		Message:             text{Text: f.Message},
		PartialFingerprints: map[string]string{FingerprintKey: fingerprint},
	}
	loc := location{PhysicalLocation: w.physical(f.Posn, f.End)}
	if reg := loc.PhysicalLocation.Region; f.Snippet != "" && reg.StartLine == reg.EndLine {
		// The snippet is the trimmed text of the finding's line: the
		// context of the region, not the region itself.
		loc.PhysicalLocation.ContextRegion = &region{StartLine: reg.StartLine, Snippet: &text{Text: f.Snippet}}
	}
	if f.Func != "" {
		name := f.Func
		if f.Package != "" {
			name = f.Package + "." + f.Func
		}
		loc.LogicalLocations = []logicalLocation{{Name: f.Func, FullyQualifiedName: name, Kind: "function"}}
	}
	r.Locations = []location{loc}
	for i, rel := range f.Related {
		r.RelatedLocations = append(r.RelatedLocations, location{
			ID:               i + 1,
			Message:          &text{Text: rel.Message},
			PhysicalLocation: w.physical(rel.Posn, rel.End),
		})
	}
	for _, fix := range f.Fixes {
		fx := sarifFix{Description: &text{Text: fix.Message}, Properties: classify(fix.Message)}
		byFile := make(map[string]int) // file → index in ArtifactChanges
		for _, e := range fix.Edits {
			i, ok := byFile[e.Start.Filename]
			if !ok {
				i = len(fx.ArtifactChanges)
				byFile[e.Start.Filename] = i
				fx.ArtifactChanges = append(fx.ArtifactChanges, artifactChange{ArtifactLocation: w.artifact(e.Start.Filename)})
			}
			fx.ArtifactChanges[i].Replacements = append(fx.ArtifactChanges[i].Replacements, replacement{
				DeletedRegion:   w.region(e.Start, e.End),
				InsertedContent: &text{Text: e.New},
			})
		}
		if len(fx.ArtifactChanges) > 0 {
			r.Fixes = append(r.Fixes, fx)
		}
	}
	return r
}

func (w *writer) artifact(file string) artifactLocation {
	rel := RelPath(w.root, file)
	if !filepath.IsAbs(filepath.FromSlash(rel)) {
		return artifactLocation{URI: escapePath(rel), URIBaseID: SrcRoot}
	}
	return artifactLocation{URI: (&url.URL{Scheme: "file", Path: rel}).String()}
}

// escapePath escapes a relative slash-separated path for use as a URI
// reference.
func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

func (w *writer) physical(start, end token.Position) *physicalLocation {
	return &physicalLocation{ArtifactLocation: w.artifact(start.Filename), Region: w.region(start, end)}
}

// region returns the SARIF region [start, end). An end in another file or
// before start is replaced by start (an empty region).
func (w *writer) region(start, end token.Position) *region {
	line := max(start.Line, 1)
	col := w.column(start.Filename, line, start.Column)
	r := &region{StartLine: line, StartColumn: col, EndLine: line, EndColumn: col}
	if end.Filename == start.Filename && end.IsValid() &&
		(end.Line > start.Line || end.Line == start.Line && end.Column >= start.Column) {
		r.EndLine = end.Line
		r.EndColumn = w.column(end.Filename, end.Line, end.Column)
	}
	return r
}

// column converts a 1-based byte column into a 1-based UTF-16 column.
func (w *writer) column(file string, line, col int) int {
	if col < 1 {
		return 1
	}
	src, ok := w.files[file]
	if !ok {
		src, _ = os.ReadFile(file) // nil if unreadable: keep byte columns
		w.files[file] = src
	}
	text := lineText(src, line)
	if text == nil || col-1 > len(text) {
		return col
	}
	prefix := text[:col-1]
	n := 0
	for len(prefix) > 0 {
		r, size := utf8.DecodeRune(prefix)
		prefix = prefix[size:]
		if utf16.RuneLen(r) == 2 {
			n += 2
		} else {
			n++
		}
	}
	return n + 1
}

// lineText returns the bytes of the 1-based line of src, without its
// newline, or nil.
func lineText(src []byte, line int) []byte {
	if src == nil {
		return nil
	}
	for i := 1; i < line; i++ {
		nl := bytes.IndexByte(src, '\n')
		if nl < 0 {
			return nil
		}
		src = src[nl+1:]
	}
	if nl := bytes.IndexByte(src, '\n'); nl >= 0 {
		src = src[:nl]
	}
	return src
}

// isSemver reports whether v (without "v") looks like MAJOR.MINOR.PATCH
// with an optional pre-release or build suffix.
func isSemver(v string) bool {
	core, _, _ := strings.Cut(v, "+")
	core, _, _ = strings.Cut(core, "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

// The SARIF 2.1.0 object model, as far as tmplint uses it.

type log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []run  `json:"runs"`
}

type run struct {
	Tool              tool                        `json:"tool"`
	Invocations       []invocation                `json:"invocations"`
	OriginalURIBaseID map[string]artifactLocation `json:"originalUriBaseIds,omitempty"`
	Results           []result                    `json:"results"`
	ColumnKind        string                      `json:"columnKind,omitempty"`
}

type tool struct {
	Driver toolComponent `json:"driver"`
}

type toolComponent struct {
	Name            string `json:"name"`
	Version         string `json:"version,omitempty"`
	SemanticVersion string `json:"semanticVersion,omitempty"`
	InformationURI  string `json:"informationUri,omitempty"`
	Rules           []rule `json:"rules"`
}

type rule struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name,omitempty"`
	ShortDescription     *text           `json:"shortDescription,omitempty"`
	FullDescription      *text           `json:"fullDescription,omitempty"`
	Help                 *text           `json:"help,omitempty"`
	HelpURI              string          `json:"helpUri,omitempty"`
	DefaultConfiguration *config         `json:"defaultConfiguration,omitempty"`
	Properties           *ruleProperties `json:"properties,omitempty"`
}

type ruleProperties struct {
	Tags            []string `json:"tags,omitempty"`
	Precision       string   `json:"precision,omitempty"`
	ProblemSeverity string   `json:"problem.severity,omitempty"`
}

type config struct {
	Level string `json:"level"`
}

type text struct {
	Text string `json:"text"`
}

// An invocation says whether the run analyzed everything it was asked to.
type invocation struct {
	ExecutionSuccessful        bool           `json:"executionSuccessful"`
	ToolExecutionNotifications []notification `json:"toolExecutionNotifications,omitempty"`
}

type notification struct {
	Locations []location `json:"locations,omitempty"`
	Message   text       `json:"message"`
	Level     string     `json:"level"`
}

type result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             text              `json:"message"`
	Locations           []location        `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	RelatedLocations    []location        `json:"relatedLocations,omitempty"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

type location struct {
	ID               int               `json:"id,omitempty"`
	Message          *text             `json:"message,omitempty"`
	PhysicalLocation *physicalLocation `json:"physicalLocation,omitempty"`
	LogicalLocations []logicalLocation `json:"logicalLocations,omitempty"`
}

type physicalLocation struct {
	ArtifactLocation artifactLocation `json:"artifactLocation"`
	Region           *region          `json:"region,omitempty"`
	ContextRegion    *region          `json:"contextRegion,omitempty"`
}

type artifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type region struct {
	StartLine   int   `json:"startLine"`
	StartColumn int   `json:"startColumn,omitempty"`
	EndLine     int   `json:"endLine,omitempty"`
	EndColumn   int   `json:"endColumn,omitempty"`
	Snippet     *text `json:"snippet,omitempty"`
}

type logicalLocation struct {
	Name               string `json:"name,omitempty"`
	FullyQualifiedName string `json:"fullyQualifiedName,omitempty"`
	Kind               string `json:"kind,omitempty"`
}

type sarifFix struct {
	Description     *text            `json:"description,omitempty"`
	ArtifactChanges []artifactChange `json:"artifactChanges"`
	Properties      *fixProperties   `json:"properties,omitempty"`
}

// fixProperties mark a fix safe or behaviour-changing (see
// internal/fixclass): a code-scanning tool that applies fixes should apply
// only those whose fixClass is "safe".
type fixProperties struct {
	FixClass string `json:"fixClass"`
	// BehaviourChange says how a fix that is not safe changes behaviour.
	BehaviourChange string `json:"behaviourChange,omitempty"`
}

func classify(message string) *fixProperties {
	switch class, why := fixclass.Of(message); class {
	case fixclass.Safe:
		return &fixProperties{FixClass: "safe"}
	case fixclass.Changes:
		return &fixProperties{FixClass: "changes-behaviour", BehaviourChange: why}
	}
	return &fixProperties{FixClass: "changes-behaviour", BehaviourChange: "not classified"}
}

type artifactChange struct {
	ArtifactLocation artifactLocation `json:"artifactLocation"`
	Replacements     []replacement    `json:"replacements"`
}

type replacement struct {
	DeletedRegion   *region `json:"deletedRegion"`
	InsertedContent *text   `json:"insertedContent,omitempty"`
}
