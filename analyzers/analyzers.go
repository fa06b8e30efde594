// Package analyzers is the tmplint suite: the ordered list of every
// analyzer, and the profile switch shared by the command, the go vet tool
// and the golangci-lint plugin.
package analyzers

import (
	"fmt"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/analyzers/cloexec"
	"github.com/tmplint/tmplint/analyzers/execfd"
	"github.com/tmplint/tmplint/analyzers/filemode"
	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/analyzers/temppath"
)

// All returns every tmplint analyzer, sorted by name. The list is written
// by hand, as go vet's is: a package under analyzers/ that is missing here
// fails TestSuiteIsComplete.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		cloexec.Analyzer,
		execfd.Analyzer,
		filemode.Analyzer,
		tempcleanup.Analyzer,
		temppath.Analyzer,
	}
}

// StrictFlag is the name of the flag through which every analyzer selects
// its strict profile.
const StrictFlag = "strict"

// SetStrict switches every analyzer in as to its strict profile (or back to
// the default one).
func SetStrict(as []*analysis.Analyzer, on bool) error {
	for _, a := range as {
		if a.Flags.Lookup(StrictFlag) == nil {
			return fmt.Errorf("analyzer %s has no -%s flag", a.Name, StrictFlag)
		}
		if err := a.Flags.Set(StrictFlag, strconv.FormatBool(on)); err != nil {
			return fmt.Errorf("analyzer %s: %v", a.Name, err)
		}
	}
	return nil
}

// Lookup returns the analyzer with the name, or nil.
func Lookup(name string) *analysis.Analyzer {
	for _, a := range All() {
		if a.Name == name {
			return a
		}
	}
	return nil
}
