package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/tmplint/tmplint/analyzers"
	"github.com/tmplint/tmplint/internal/fixclass"
)

// runVet runs tmplint under go vet's unit protocol. Besides the per-analyzer
// flags (-filemode.strict …), it accepts -strict for every analyzer and
// -fixall, which go vet forwards because -flags lists them.
//
// go vet -fix (and go fix -fixtool) make the tool apply the first fix of
// every diagnostic itself: under -fix the analyzers run with their
// behaviour-changing fixes left out, as the standalone -fix does, unless
// -fixall asks for them too. Without -fix (go vet -json) every fix is
// reported, marked.
func runVet() {
	if slices.Contains(os.Args[1:], "-V=full") {
		os.Exit(printVetVersion(os.Stdout))
	}
	all := suite()
	if vetxOnlyUnit(os.Args[1:]) {
		all = forFactsOnly(all) // vetxonly.go
	}
	flag.Var(&strictFlag{all: all}, "strict", "use every analyzer's strict profile")
	fixAll := flag.Bool("fixall", false, "with go vet -fix, also apply the fixes that change behaviour (standalone: -fix=all)")
	safeOnly := func() bool {
		fix := flag.Lookup("fix")
		return fix != nil && fix.Value.String() == "true" && !*fixAll
	}
	for i, a := range all {
		all[i] = fixclass.WithSafeFixesOnly(a, safeOnly)
	}
	unitchecker.Main(inLineOrder(all)...)
}

// vetText reports whether unitchecker prints the diagnostics as text:
// not with -json or -fix. Since Go 1.26 go vet always asks for JSON and
// prints the text itself.
func vetText() bool {
	for _, name := range []string{"json", "fix"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() == "true" {
			return false
		}
	}
	return true
}

// inLineOrder makes go vet's output read like the standalone one. Each
// message ends with its analyzer's name, which //tmplint:ignore needs and
// go vet's text does not show (since Go 1.26 the go command prints the
// text from the tool's JSON, without the analyzer), and each analyzer's
// diagnostics come in line order. Where unitchecker prints the text
// itself, one analyzer after the other, the analyzers hand their
// diagnostics to one collector instead, and the last one to finish
// reports them all in line order. (If an analyzer cannot run because one
// it requires failed, the collector never fills: that failure is an
// error of the unit, and go vet reports it.)
func inLineOrder(as []*analysis.Analyzer) []*analysis.Analyzer {
	c := &vetCollector{all: as, pending: -1}
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		w := *a
		run, name := a.Run, a.Name
		w.Run = func(pass *analysis.Pass) (any, error) {
			var mine []analysis.Diagnostic
			p := *pass
			p.Report = func(d analysis.Diagnostic) {
				d.Message += " (" + name + ")"
				mine = append(mine, d)
			}
			if !vetText() {
				defer func() {
					sortDiagnostics(pass.Fset, mine)
					for _, d := range mine {
						pass.Report(d)
					}
				}()
				return run(&p)
			}
			c.start()
			defer func() { c.finish(pass, mine) }()
			return run(&p)
		}
		out[i] = &w
	}
	return out
}

// sortDiagnostics sorts ds by position, then message.
func sortDiagnostics(fset *token.FileSet, ds []analysis.Diagnostic) {
	slices.SortStableFunc(ds, func(a, b analysis.Diagnostic) int {
		pa, pb := fset.Position(a.Pos), fset.Position(b.Pos)
		if c := strings.Compare(pa.Filename, pb.Filename); c != 0 {
			return c
		}
		if pa.Offset != pb.Offset {
			return pa.Offset - pb.Offset
		}
		return strings.Compare(a.Message, b.Message)
	})
}

// A vetCollector gathers the diagnostics of one unit's analyzers.
type vetCollector struct {
	all     []*analysis.Analyzer
	mu      sync.Mutex
	pending int // analyzers yet to finish; -1 until the first starts
	diags   []analysis.Diagnostic
}

// start counts, once, the analyzers that run: the -NAME flags select
// them as unitchecker does (any true: only those; else all but the false).
func (c *vetCollector) start() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pending >= 0 {
		return
	}
	names := make(map[string]bool)
	for _, a := range c.all {
		names[a.Name] = true
	}
	set := make(map[string]bool)
	anyTrue := false
	flag.Visit(func(f *flag.Flag) {
		if !names[f.Name] {
			return
		}
		if g, ok := f.Value.(flag.Getter); ok {
			if on, ok := g.Get().(bool); ok {
				set[f.Name] = on
				anyTrue = anyTrue || on
			}
		}
	})
	c.pending = 0
	for _, a := range c.all {
		on, ok := set[a.Name]
		if anyTrue && ok && on || !anyTrue && (!ok || on) {
			c.pending++
		}
	}
}

// finish adds an analyzer's diagnostics; the last analyzer to finish
// reports everyone's, in position order, through its own pass.
func (c *vetCollector) finish(pass *analysis.Pass, mine []analysis.Diagnostic) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.diags = append(c.diags, mine...)
	c.pending--
	if c.pending != 0 {
		return
	}
	sortDiagnostics(pass.Fset, c.diags)
	for _, d := range c.diags {
		pass.Report(d)
	}
	c.diags = nil
}

// strictFlag is a boolean flag that sets the strict flag of every analyzer.
type strictFlag struct {
	all []*analysis.Analyzer
	on  bool
}

func (f *strictFlag) IsBoolFlag() bool { return true }
func (f *strictFlag) String() string {
	if f != nil && f.on {
		return "true"
	}
	return "false"
}
func (f *strictFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	f.on = on
	return analyzers.SetStrict(f.all, on)
}

// printVetVersion answers go vet's -V=full with "tmplint version devel
// buildID=HASH", HASH the SHA-256 of this executable, so that go vet's cache
// tells builds apart. The go command splits the line at spaces and wants
// "version" second; x/tools' own answer starts with the executable's full
// path, which breaks go vet for a tmplint under a directory with a space
// (a TMPDIR, "Application Support"). For a vet tool the go command does not
// check the first word, so the name stands there, without a path.
func printVetVersion(w io.Writer) int {
	exe, err := os.Executable()
	if err != nil {
		errorf("%v", err)
		return exitError
	}
	f, err := os.Open(exe)
	if err != nil {
		errorf("%v", err)
		return exitError
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		errorf("reading %s: %v", exe, err)
		return exitError
	}
	fmt.Fprintf(w, "tmplint version devel buildID=%x\n", h.Sum(nil))
	return exitClean
}
