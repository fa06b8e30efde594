package main

import (
	"flag"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/tmplint/tmplint/analyzers"
)

// runVet runs tmplint under go vet's unit protocol. Besides the per-analyzer
// flags (-filemode.strict …), it accepts -strict for every analyzer, which
// go vet forwards because -flags lists it.
func runVet() {
	all := suite()
	flag.Var(&strictFlag{all: all}, "strict", "use every analyzer's strict profile")
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
