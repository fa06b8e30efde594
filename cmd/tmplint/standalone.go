package main

import (
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/finding"
)

// options are the standalone command's flags.
type options struct {
	json, sarif   bool
	version       bool
	fix           fixMode
	diff          bool
	tests         bool
	tags          string
	baseline      string
	writeBaseline string
	cpuProfile    string
	memProfile    string
	cacheDir      string
	enabled       map[string]*triState
}

func runStandalone(args []string, stdout, stderr io.Writer) int {
	all := suite()
	fs := flag.NewFlagSet(progname(), flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := options{enabled: make(map[string]*triState)}
	fs.BoolVar(&opts.json, "json", false, "print findings as JSON, in the shape of the x/tools analysis drivers")
	fs.BoolVar(&opts.sarif, "sarif", false, "print findings as SARIF 2.1.0, for code scanning")
	fs.Var(&opts.fix, "fix", "apply the first safe suggested fix of each finding to the files; -fix=all also applies fixes that change behaviour")
	fs.BoolVar(&opts.diff, "diff", false, "print the suggested fixes, safe and behaviour-changing, as a unified diff whose hunks say which; write no file (with -fix, only what -fix would apply)")
	fs.BoolVar(&opts.version, "version", false, "print the version and VCS revision tmplint was built from, and exit")
	fs.BoolVar(&opts.tests, "test", true, "analyze test files too")
	fs.StringVar(&opts.tags, "tags", "", "comma-separated build tags")
	fs.StringVar(&opts.baseline, "baseline", "", "hide the findings recorded in this baseline `file`")
	fs.StringVar(&opts.writeBaseline, "write-baseline", "", "record the current findings in this baseline `file` and exit")
	fs.Var(&strictFlag{all: all}, "strict", "use every analyzer's strict profile")
	fs.StringVar(&opts.cpuProfile, "cpuprofile", "", "write a CPU profile of the run to this `file`")
	fs.StringVar(&opts.memProfile, "memprofile", "", "write a heap profile at the end of the run to this `file`")
	fs.StringVar(&opts.cacheDir, "cache", "", "keep results in this `dir`ectory (default $"+cacheEnv+", else tmplint in the user cache directory); \""+cacheOff+"\" keeps nothing between runs")
	for _, a := range all {
		ts := new(triState)
		opts.enabled[a.Name] = ts
		fs.Var(ts, a.Name, fmt.Sprintf("enable the %s analyzer (-%s=false disables it)", a.Name, a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s [flags] [packages]\n\n", progname())
		fmt.Fprintf(stderr, "Run '%s help' for the analyzers, '%s help NAME' for one of them.\n\nFlags:\n", progname(), progname())
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitClean
		}
		return exitError
	}
	if opts.version {
		return runVersion(nil, stdout, stderr)
	}
	if opts.json && opts.sarif {
		errorf("-json and -sarif cannot be used together")
		return exitError
	}
	selected := selectAnalyzers(all, opts.enabled)
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}

	if opts.cpuProfile != "" {
		stop, err := startCPUProfile(opts.cpuProfile)
		if err != nil {
			errorf("%v", err)
			return exitError
		}
		defer stop()
	}

	if opts.memProfile != "" {
		defer writeHeapProfile(opts.memProfile)
	}

	tuneGC()
	code := exitClean
	// With no analyzer selected the packages are still listed and
	// type-checked: load errors are errors, and it measures the driver
	// alone (bench/run.sh).
	out := analyze(selected, patterns, opts, stderr)
	findings := out.findings
	for _, e := range out.errs {
		errorf("%s", e)
		code = exitError
	}

	if opts.writeBaseline != "" {
		if err := writeBaselineFile(opts.writeBaseline, findings, out.inRun, stderr); err != nil {
			errorf("%v", err)
			return exitError
		}
		return code
	}
	if opts.baseline != "" {
		kept, err := applyBaselineFile(opts.baseline, findings, out.inRun, stderr)
		if err != nil {
			errorf("%v", err)
			return exitError
		}
		findings = kept
	}

	switch {
	case opts.fix != fixOff || opts.diff:
		unfixed, stats, err := applyFixes(findings, opts.fix, opts.diff, stdout)
		if err != nil {
			errorf("%v", err)
			return exitError
		}
		fmt.Fprintln(stderr, stats.summary(opts.fix, opts.diff))
		if !opts.diff {
			findings = unfixed
		}
		printText(stderr, findings)
	case opts.json:
		if err := printJSON(stdout, findings, out.errs); err != nil {
			errorf("%v", err)
			return exitError
		}
	case opts.sarif:
		if err := printSARIF(stdout, all, findings, out.errs); err != nil {
			errorf("%v", err)
			return exitError
		}
	default:
		printText(stdout, findings)
	}
	if code == exitClean && len(findings) > 0 {
		code = exitFindings
	}
	return code
}

// selectAnalyzers applies the -NAME flags: if any is true, only those run;
// otherwise all run except those set false.
func selectAnalyzers(all []*analysis.Analyzer, enabled map[string]*triState) []*analysis.Analyzer {
	anyTrue := false
	for _, ts := range enabled {
		anyTrue = anyTrue || *ts == setTrue
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		switch ts := *enabled[a.Name]; {
		case anyTrue && ts == setTrue, !anyTrue && ts != setFalse:
			out = append(out, a)
		}
	}
	return out
}

func compareFindings(a, b finding.Finding) int {
	if c := strings.Compare(a.Posn.Filename, b.Posn.Filename); c != 0 {
		return c
	}
	if a.Posn.Offset != b.Posn.Offset {
		return a.Posn.Offset - b.Posn.Offset
	}
	if c := strings.Compare(a.Analyzer, b.Analyzer); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}

func dedupeErrors(errs []runError) []runError {
	slices.SortFunc(errs, func(a, b runError) int {
		if c := strings.Compare(a.Package, b.Package); c != 0 {
			return c
		}
		return strings.Compare(a.Message, b.Message)
	})
	return slices.Compact(errs)
}

// triState is a -NAME flag: unset, true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }
func (ts *triState) String() string {
	switch *ts {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}
func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	if b {
		*ts = setTrue
	} else {
		*ts = setFalse
	}
	return nil
}

// posString formats a position relative to the working directory when it
// lies beneath it.
func posString(p token.Position) string {
	p.Filename = relPath(p.Filename)
	return p.String()
}

var workDir, _ = os.Getwd()

// startCPUProfile starts writing a CPU profile to the named file and
// returns the function that stops it.
func startCPUProfile(name string) (stop func(), err error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			errorf("%s: %v", name, err)
		}
	}, nil
}

// writeHeapProfile writes the heap profile (the allocations of the whole
// run, by call stack, and what is live at its end) to the named file.
func writeHeapProfile(name string) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		errorf("%v", err)
		return
	}
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		errorf("%s: %v", name, err)
	}
	if err := f.Close(); err != nil {
		errorf("%s: %v", name, err)
	}
}
