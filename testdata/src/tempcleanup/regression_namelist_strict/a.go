// Package regression_namelist_strict: a list of temp names given to code
// that is not known to remove it is an escape: silent by default, reported
// with -strict.
package regression_namelist_strict

import (
	"os"

	lib "tempcleanup/regression_namelistlib"
)

// Escapes gives the list to a function value.
func Escapes(use func([]string)) error {
	f, err := os.CreateTemp("", "x") // want `temp file from os.CreateTemp is appended to names, which is passed to code that is not known to remove it`
	if err != nil {
		return err
	}
	f.Close()
	var names []string
	names = append(names, f.Name())
	use(names)
	return nil
}

// Removed removes it after the call.
func Removed(use func([]string)) error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	f.Close()
	var names []string
	names = append(names, f.Name())
	use(names)
	for _, n := range names {
		os.Remove(n)
	}
	return nil
}

func each(f func(string) string) string { return f("{f}") }

// Discarded drops the list at the call: the command that names the files
// may outlive the function (fzf's become), so only -strict reports it.
func Discarded(template string, become func(string)) {
	command, _ := lib.Expand(template, each) // want `the temp files whose names regression_namelistlib.Expand returns are discarded at the call and never removed here`
	become(command)
}
