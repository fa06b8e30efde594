package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"regexp"
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

// A runError is an error of the run: Package names the package it kept
// from being analyzed, or is "" for the run as a whole.
type runError struct {
	Package string
	Message string
	// Verbatim errors are the go command's own word on the patterns (a
	// missing go.mod, a directory that does not exist, an unusable work
	// dir), printed as it printed them, without a package in front.
	Verbatim bool
}

func (e runError) String() string {
	if e.Package == "" || e.Verbatim {
		return e.Message
	}
	return "package " + e.Package + ": " + e.Message
}

// packageError converts an error of a package as the driver returns it.
// An error without a position loses the "-" that go/packages writes in
// its place; when it is not even a package's (the "package" is a pattern
// or go/packages' command-line-arguments), it is the go command's word on
// the patterns, kept verbatim.
func packageError(pkg string, err error) runError {
	var pe packages.Error
	if errors.As(err, &pe) && (pe.Pos == "" || pe.Pos == "-") {
		notAPackage := pkg == "command-line-arguments" || strings.HasPrefix(pkg, ".") ||
			strings.HasPrefix(pkg, "/") || strings.Contains(pkg, "...")
		return runError{Package: pkg, Message: pe.Msg, Verbatim: pe.Kind == packages.ListError && notAPackage}
	}
	return runError{Package: pkg, Message: err.Error()}
}

// goCommandWrapper is how go/packages wraps a failure of the go command
// around what the command printed.
var goCommandWrapper = regexp.MustCompile(`^err: exit status \d+: stderr: `)

// loadError returns the error of a listing that failed, with what the go
// command printed unwrapped.
func loadError(err error) runError {
	msg := err.Error()
	if loc := goCommandWrapper.FindStringIndex(msg); loc != nil {
		return runError{Message: strings.TrimRight(msg[loc[1]:], "\n"), Verbatim: true}
	}
	return runError{Message: "loading packages: " + msg}
}

// noPackages is the error of a run that matched no package: go/packages
// says nothing when the go command fails to list (it builds export data,
// and then takes a failure to be a build's), so the go command is asked
// again, by itself, and its own word is the error. When it had none to
// say (an empty module only warns), the run says that it had nothing to
// analyze, as go vet does.
func noPackages(patterns, buildFlags []string) []runError {
	args := append([]string{"list"}, buildFlags...)
	args = append(args, "--")
	args = append(args, patterns...)
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	_ = cmd.Run() // what it says is on stderr
	var errs []runError
	if said := strings.TrimRight(stderr.String(), "\n"); said != "" {
		errs = append(errs, runError{Message: said, Verbatim: true})
	}
	return append(errs, runError{Message: fmt.Sprintf("no packages to analyze (patterns: %s)", strings.Join(patterns, " "))})
}

// An outcome is what a run of the analyzers gave.
type outcome struct {
	// findings of the matched packages, deduplicated across test
	// variants and sorted by position.
	findings []finding.Finding
	// errs name every package that could not be analyzed, and why.
	errs []runError
	// analyzed holds the files of the matched packages that were
	// analyzed: a baseline judges only its entries of these.
	analyzed map[string]bool
}

// inRun reports whether the run judged the file (an absolute name): it is
// a file of a package analyzed, or it is gone (its entries are stale
// whatever the run). A file of a package outside the patterns, of one
// that failed, or left out by -test=false or build tags, is not judged.
func (o *outcome) inRun(file string) bool {
	if o.analyzed[file] {
		return true
	}
	_, err := os.Stat(file)
	return errors.Is(err, fs.ErrNotExist)
}

// analyze runs the analyzers over the packages matching patterns.
func analyze(as []*analysis.Analyzer, patterns []string, opts options, stderr io.Writer) outcome {
	fail := func(msg string) outcome { return outcome{errs: []runError{{Message: msg}}} }
	c, closeCache, warning, err := openCache(opts.cacheDir)
	if err != nil {
		return fail(err.Error())
	}
	defer closeCache()
	if warning != "" {
		fmt.Fprintf(stderr, "tmplint: warning: %s\n", warning)
	}
	if err := saltCache(as); err != nil {
		return fail(err.Error())
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
		return outcome{errs: []runError{loadError(err)}}
	}
	if len(results) == 0 {
		return outcome{errs: noPackages(patterns, cfg.BuildFlags)}
	}

	out := outcome{analyzed: make(map[string]bool)}
	seen := make(map[string]bool)
	src := newSourceCache()
	funcs := newFuncNames()
	for _, res := range results {
		for _, e := range res.Errors {
			out.errs = append(out.errs, packageError(res.Package.PkgPath, e))
		}
		if res.Initial && res.Failed && len(res.Errors) == 0 {
			// Its own errors are none: a package it imports failed,
			// and that one's error names the cause.
			out.errs = append(out.errs, runError{Package: res.Package.PkgPath, Message: "not analyzed: a package it imports could not be analyzed"})
		}
		if !res.Initial || res.Failed {
			continue
		}
		for _, name := range res.Package.GoFiles {
			out.analyzed[name] = true
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
			out.findings = append(out.findings, f)
		}
	}
	slices.SortStableFunc(out.findings, compareFindings)
	out.errs = dedupeErrors(out.errs)
	return out
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
