package main

import (
	"fmt"
	"go/token"
	"io"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/config"
	"honnef.co/go/tools/lintcmd/runner"

	"github.com/tmplint/tmplint/internal/finding"
)

// The standalone driver is staticcheck's runner (honnef.co/go/tools/lintcmd/runner):
// it lists the package graph with export data (go list -export, which the go
// command answers from its build cache), then analyzes one package at a time
// in dependency order, each type-checked from source against its imports'
// export data, and writes each package's facts and diagnostics to an on-disk
// cache before dropping it. Dependencies run only the analyzers with facts.
// Memory therefore grows with the largest package, not with the graph, and a
// package whose content, dependencies, flags and tmplint binary are unchanged
// is answered from the cache. README.md, "How the driver works", says why.

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

	r, err := runner.New(config.Config{}, c)
	if err != nil {
		return nil, []string{err.Error()}
	}
	cfg := &packages.Config{Tests: opts.tests}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	stopProgress := startProgress(stderr, &r.Stats)
	results, err := r.Run(cfg, instrument(as), patterns)
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
		if !res.Initial || res.Failed || res.Skipped {
			continue
		}
		data, err := res.Load()
		if err != nil {
			errs = append(errs, fmt.Sprintf("package %s: %v", res.Package.PkgPath, err))
			continue
		}
		for _, d := range data.Diagnostics {
			if d.Category == failureCategory {
				errs = append(errs, fmt.Sprintf("package %s: %s", res.Package.PkgPath, d.Message))
				continue
			}
			f := fromRunnerDiagnostic(res.Package.PkgPath, d)
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

// fromRunnerDiagnostic converts a diagnostic as the runner stores it,
// positions resolved and the category prefixed with the analyzer's name
// (see instrument), into the record the outputs consume.
func fromRunnerDiagnostic(pkg string, d runner.Diagnostic) finding.Finding {
	analyzer, _, _ := strings.Cut(d.Category, analyzerSep)
	f := finding.Finding{
		Analyzer: analyzer,
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

// failureCategory marks the diagnostic that instrument makes of an
// analyzer's error.
const failureCategory = "tmplint: analyzer failed"

// analyzerSep separates the analyzer's name from the diagnostic's own
// category in the category that instrument records.
const analyzerSep = "\x00"

// instrument changes the analyzers for the runner, which records of a
// diagnostic only its category, not the analyzer that reported it, and
// keeps an analyzer's diagnostics but drops its error:
//   - every diagnostic's category is prefixed with the analyzer's name, so
//     that findings are attributed whatever categories analyzers use;
//   - an analyzer's error, or its recovered panic, is also reported as a
//     diagnostic of failureCategory. A dropped error would leave a failed
//     analysis looking clean, and from the cache, clean on every later
//     run; as a diagnostic it is cached with the package's results and
//     reported as an error each time.
//
// The analyzers are changed in place (their requirements are found by
// pointer), each once however often it is called.
func instrument(as []*analysis.Analyzer) []*analysis.Analyzer {
	reportingFailures.Lock()
	defer reportingFailures.Unlock()
	seen := reportingFailures.wrapped
	var wrap func(as []*analysis.Analyzer)
	wrap = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			wrap(a.Requires)
			run := a.Run
			a.Run = func(pass *analysis.Pass) (any, error) {
				report := pass.Report
				pass.Report = func(d analysis.Diagnostic) {
					d.Category = pass.Analyzer.Name + analyzerSep + d.Category
					report(d)
				}
				result, err := run(pass)
				if err != nil {
					report(analysis.Diagnostic{
						Category: failureCategory,
						Message:  fmt.Sprintf("%s: %v", pass.Analyzer.Name, err),
					})
				}
				return result, err
			}
		}
	}
	wrap(as)
	return as
}

// reportingFailures holds the analyzers that instrument has changed.
var reportingFailures = struct {
	sync.Mutex
	wrapped map[*analysis.Analyzer]bool
}{wrapped: make(map[*analysis.Analyzer]bool)}
