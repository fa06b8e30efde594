// Package report is how every tmplint analyzer reports: it drops findings in
// generated files, honours //tmplint:ignore directives, keeps strict-only
// findings out of the default profile, and reports directives that are
// malformed or silence nothing.
//
// An analyzer that uses it lists directives.Analyzer in its Requires, calls
// New at the start of its run, reports through the Reporter, and calls
// Finish at the end.
package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/passes/directives"
)

// A Reporter reports the findings of one analyzer on one package.
type Reporter struct {
	pass   *analysis.Pass
	dirs   *directives.Result
	strict bool
	used   map[*directives.Directive]bool
}

// New returns the Reporter for the pass. Strict says whether the analyzer
// runs in its strict profile.
func New(pass *analysis.Pass, strict bool) *Reporter {
	dirs, _ := pass.ResultOf[directives.Analyzer].(*directives.Result)
	if dirs == nil {
		dirs = new(directives.Result)
	}
	return &Reporter{pass: pass, dirs: dirs, strict: strict, used: make(map[*directives.Directive]bool)}
}

// Strict reports whether the strict profile is in effect.
func (r *Reporter) Strict() bool { return r.strict }

// Generated reports whether the file is generated; analyzers skip such files.
func (r *Reporter) Generated(file *ast.File) bool {
	return r.dirs.IsGenerated(r.pass.Fset, file.FileStart)
}

// Report reports a finding of the default profile.
func (r *Reporter) Report(d analysis.Diagnostic) { r.report(d, false) }

// ReportStrict reports a finding that only the strict profile shows. The
// analyzer computes strict findings in every profile so that a directive
// written for one is not reported as unused when the default profile runs.
func (r *Reporter) ReportStrict(d analysis.Diagnostic) { r.report(d, true) }

// Reportf reports a finding of the default profile at a node.
func (r *Reporter) Reportf(rng analysis.Range, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Message: fmt.Sprintf(format, args...)})
}

func (r *Reporter) report(d analysis.Diagnostic, strictOnly bool) {
	if !d.Pos.IsValid() || r.dirs.IsGenerated(r.pass.Fset, d.Pos) {
		return
	}
	name := r.pass.Analyzer.Name
	for _, dir := range r.dirs.Covering(r.pass.Fset.Position(d.Pos)) {
		if dir.Silences(name) {
			r.used[dir] = true
			return
		}
	}
	if strictOnly && !r.strict {
		return
	}
	r.pass.Report(d)
}

// Finish reports this analyzer's directives that silenced nothing, the
// directives without a reason whose first name is this analyzer, and the
// names of directives that name no analyzer of the suite, each by the
// analyzer whose name is nearest (so once in a run of the whole suite).
func (r *Reporter) Finish() {
	name := r.pass.Analyzer.Name
	for _, dir := range r.dirs.Directives {
		if len(dir.Analyzers) == 0 && name == directives.Known()[0] {
			r.pass.Report(analysis.Diagnostic{
				Pos: dir.Pos, End: dir.End,
				Message: fmt.Sprintf("//tmplint:ignore directive names no analyzer, so it silences nothing: write //tmplint:ignore NAME reason, NAME one of %s", strings.Join(directives.Known(), ", ")),
			})
		}
		for _, unknown := range dir.Unknown() {
			if directives.Nearest(unknown) != name {
				continue
			}
			hint := ""
			if directives.Close(unknown, name) {
				hint = ": did you mean " + name + "?"
			}
			r.pass.Report(analysis.Diagnostic{
				Pos: dir.Pos, End: dir.End,
				Message: fmt.Sprintf("//tmplint:ignore directive names %s, which is not a tmplint analyzer, so it silences nothing%s (the analyzers: %s)", unknown, hint, strings.Join(directives.Known(), ", ")),
			})
		}
		if !dir.Silences(name) {
			continue
		}
		if dir.Reason == "" && dir.Analyzers[0] == name {
			r.pass.Report(analysis.Diagnostic{
				Pos: dir.Pos, End: dir.End,
				Message: "//tmplint:ignore directive has no reason: write why the finding is safe after the analyzer names",
			})
		}
		if !r.used[dir] {
			r.pass.Report(analysis.Diagnostic{
				Pos: dir.Pos, End: dir.End,
				Message: fmt.Sprintf("unused //tmplint:ignore directive for %s: it silences no finding on this line or the next, remove it", name),
			})
		}
	}
}

// Position returns the position of pos, for messages.
func (r *Reporter) Position(pos token.Pos) token.Position { return r.pass.Fset.Position(pos) }
