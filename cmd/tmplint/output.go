package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tmplint/tmplint/internal/finding"
)

// printText prints one line per finding, "file:line:col: message (analyzer)",
// followed by its related information, indented.
func printText(w io.Writer, fs []finding.Finding) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	for _, f := range fs {
		fmt.Fprintf(bw, "%s: %s (%s)\n", posString(f.Posn), f.Message, f.Analyzer)
		for _, r := range f.Related {
			fmt.Fprintf(bw, "\t%s: %s\n", posString(r.Posn), r.Message)
		}
	}
}

// The JSON shape is that of the x/tools analysis drivers (go vet -json):
// package ID → analyzer name → list of diagnostics, or an error.
type jsonDiagnostic struct {
	Category       string                   `json:"category,omitempty"`
	Posn           string                   `json:"posn"`
	End            string                   `json:"end,omitempty"`
	Message        string                   `json:"message"`
	SuggestedFixes []jsonSuggestedFix       `json:"suggested_fixes,omitempty"`
	Related        []jsonRelatedInformation `json:"related,omitempty"`
}

type jsonSuggestedFix struct {
	Message string         `json:"message"`
	Edits   []jsonTextEdit `json:"edits"`
}

type jsonTextEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonRelatedInformation struct {
	Posn    string `json:"posn"`
	End     string `json:"end,omitempty"`
	Message string `json:"message"`
}

type jsonError struct {
	Error string `json:"error"`
}

func printJSON(w io.Writer, fs []finding.Finding, errs []runError) error {
	tree := make(map[string]map[string]any)
	add := func(pkg, analyzer string) map[string]any {
		if tree[pkg] == nil {
			tree[pkg] = make(map[string]any)
		}
		return tree[pkg]
	}
	diags := make(map[string]map[string][]jsonDiagnostic)
	for _, f := range fs {
		d := jsonDiagnostic{Posn: f.Posn.String(), Message: f.Message}
		if f.End != f.Posn {
			d.End = f.End.String()
		}
		for _, fix := range f.Fixes {
			jf := jsonSuggestedFix{Message: fix.Message}
			for _, e := range fix.Edits {
				jf.Edits = append(jf.Edits, jsonTextEdit{Filename: e.Start.Filename, Start: e.Start.Offset, End: e.End.Offset, New: e.New})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		for _, r := range f.Related {
			d.Related = append(d.Related, jsonRelatedInformation{Posn: r.Posn.String(), Message: r.Message})
		}
		if diags[f.Package] == nil {
			diags[f.Package] = make(map[string][]jsonDiagnostic)
		}
		diags[f.Package][f.Analyzer] = append(diags[f.Package][f.Analyzer], d)
	}
	for pkg, m := range diags {
		for analyzer, ds := range m {
			add(pkg, analyzer)[analyzer] = ds
		}
	}
	// An error of a package stands under the package, as the x/tools
	// drivers put an analyzer's error under the analyzer; the errors of
	// the run as a whole under "tmplint". Each key holds all its errors.
	byPkg := make(map[string][]string)
	for _, e := range errs {
		pkg := e.Package
		if pkg == "" {
			pkg = "tmplint"
		}
		byPkg[pkg] = append(byPkg[pkg], e.Message)
	}
	for pkg, msgs := range byPkg {
		add(pkg, "error")["error"] = jsonError{Error: strings.Join(msgs, "\n")}
	}
	// The version of the tool, beside the x/tools shape's packages, under
	// the name that already holds the run's errors.
	add("tmplint", "version")["version"] = readBuildVersion()
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(tree)
}

// sourceCache reads source lines for snippets, each file once.
type sourceCache struct{ files map[string][][]byte }

func newSourceCache() *sourceCache { return &sourceCache{files: make(map[string][][]byte)} }

func (c *sourceCache) line(p token.Position) string {
	lines, ok := c.files[p.Filename]
	if !ok {
		data, err := os.ReadFile(p.Filename)
		if err == nil {
			lines = bytes.Split(data, []byte("\n"))
		}
		c.files[p.Filename] = lines
	}
	if p.Line < 1 || p.Line > len(lines) {
		return ""
	}
	return strings.TrimSpace(string(lines[p.Line-1]))
}

func recvTypeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvTypeName(e.X)
	case *ast.IndexExpr:
		return recvTypeName(e.X)
	case *ast.IndexListExpr:
		return recvTypeName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

// relPath returns name relative to the working directory when it lies
// beneath it, else name unchanged.
func relPath(name string) string {
	if workDir == "" {
		return name
	}
	rel, err := filepath.Rel(workDir, name)
	if err != nil || strings.HasPrefix(rel, "..") {
		return name
	}
	return rel
}
