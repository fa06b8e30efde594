package main

import (
	"fmt"
	"go/token"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/tmplint/tmplint/internal/finding"
	"github.com/tmplint/tmplint/internal/unirun"
)

// The standalone driver is internal/unirun: it lists the package graph with
// export data (go list -export, which the go command answers from its build
// cache), then analyzes one package at a time in dependency order, each
// type-checked from source against its imports' types, which one universe
// per process reads from export data once. Each package's facts and
// diagnostics go to an on-disk cache, keyed by content, dependencies'
// facts, flags and the tmplint binary; dependencies run only the analyzers
// with facts. A package's syntax and types are dropped when its analysis
// ends. README.md, "How the standalone driver works", says why.

// analyze runs the analyzers over the packages matching patterns and returns
// the findings of the matched packages, deduplicated across test variants
// and sorted by position, and every error, named by package.
func analyze(as []*analysis.Analyzer, patterns []string, opts options, stderr io.Writer) ([]finding.Finding, []string) {
	c, closeCache, warning, err := openCache(opts.cacheDir)
	if err != nil {
		return nil, []string{err.Error()}
	}
	defer closeCache()
	if warning != "" {
		fmt.Fprintf(stderr, "tmplint: warning: %s\n", warning)
	}
	if err := saltCache(as); err != nil {
		return nil, []string{err.Error()}
	}

	cfg := &packages.Config{Tests: opts.tests}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	var stats unirun.Stats
	stopProgress := startProgress(stderr, &stats)
	results, err := unirun.Run(cfg, as, patterns, c, &stats)
	stopProgress()
	if err != nil {
		return nil, []string{fmt.Sprintf("loading packages: %v", err)}
	}
	if len(results) == 0 {
		return nil, []string{fmt.Sprintf("no packages match %s", strings.Join(patterns, " "))}
	}

	var findings []finding.Finding
	var errs []string
	seen := make(map[string]bool)
	src := newSourceCache()
	funcs := newFuncNames()
	for _, res := range results {
		// A package that failed without errors of its own depends on one
		// that failed; that one names the cause.
		for _, e := range res.Errors {
			errs = append(errs, fmt.Sprintf("package %s: %v", res.Package.PkgPath, e))
		}
		if !res.Initial || res.Failed {
			continue
		}
		for _, d := range res.Diagnostics {
			f := fromDiagnostic(res.Package.PkgPath, d)
			key := f.Analyzer + "\x00" + f.Posn.String() + "\x00" + f.Message
			if seen[key] {
				continue
			}
			seen[key] = true
			f.Snippet = src.line(f.Posn)
			f.Func = funcs.at(f.Posn)
			findings = append(findings, f)
		}
	}
	slices.SortStableFunc(findings, compareFindings)
	return findings, dedupe(errs)
}

// fromDiagnostic converts a diagnostic as the driver stores it, positions
// resolved, into the record the outputs consume.
func fromDiagnostic(pkg string, d unirun.Diagnostic) finding.Finding {
	f := finding.Finding{
		Analyzer: d.Analyzer,
		Package:  pkg,
		Posn:     d.Position,
		End:      orStart(d.End, d.Position),
		Message:  d.Message,
	}
	for _, r := range d.Related {
		f.Related = append(f.Related, finding.Related{Posn: r.Position, End: orStart(r.End, r.Position), Message: r.Message})
	}
	for _, sf := range d.SuggestedFixes {
		fix := finding.Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			fix.Edits = append(fix.Edits, finding.Edit{Start: e.Position, End: orStart(e.End, e.Position), New: string(e.NewText)})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}

// orStart returns end, or start when end is unset (the diagnostic or edit
// had no End).
func orStart(end, start token.Position) token.Position {
	if !end.IsValid() {
		return start
	}
	return end
}
