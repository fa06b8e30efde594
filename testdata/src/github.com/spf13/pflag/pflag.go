// Package pflag is a stub of github.com/spf13/pflag for analysistest: only
// the names the tmplint tests use, with the signatures of the real package.
package pflag

type FlagSet struct{}

func NewFlagSet(name string, errorHandling int) *FlagSet { return new(FlagSet) }

func (f *FlagSet) String(name string, value string, usage string) *string { return &value }
func (f *FlagSet) StringP(name, shorthand string, value string, usage string) *string {
	return &value
}
func (f *FlagSet) StringVar(p *string, name string, value string, usage string) { *p = value }
func (f *FlagSet) StringVarP(p *string, name, shorthand string, value string, usage string) {
	*p = value
}

func StringVarP(p *string, name, shorthand string, value string, usage string) { *p = value }
