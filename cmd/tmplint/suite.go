package main

import (
	"fmt"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/analyzers"
)

// suite returns the analyzers of the suite, each made to turn a panic into
// an error that names the analyzer and the package, so that one bad package
// is reported instead of crashing the whole run.
func suite() []*analysis.Analyzer {
	all := analyzers.All()
	seen := make(map[*analysis.Analyzer]bool)
	var guard func(as []*analysis.Analyzer)
	guard = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			guard(a.Requires)
			run := a.Run
			a.Run = func(pass *analysis.Pass) (result any, err error) {
				defer func() {
					if p := recover(); p != nil {
						err = fmt.Errorf("internal error: analyzer %s panicked on package %s: %v (please report this bug)\n%s",
							pass.Analyzer.Name, pass.Pkg.Path(), p, debug.Stack())
					}
				}()
				return run(pass)
			}
		}
	}
	guard(all)
	return all
}
