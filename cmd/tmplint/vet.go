package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

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
	flag.Var(&strictFlag{all: all}, "strict", "use every analyzer's strict profile")
	fixAll := flag.Bool("fixall", false, "with go vet -fix, also apply the fixes that change behaviour (standalone: -fix=all)")
	safeOnly := func() bool {
		fix := flag.Lookup("fix")
		return fix != nil && fix.Value.String() == "true" && !*fixAll
	}
	for i, a := range all {
		all[i] = fixclass.WithSafeFixesOnly(a, safeOnly)
	}
	unitchecker.Main(all...)
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
