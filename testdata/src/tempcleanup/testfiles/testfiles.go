// Package testfiles shows that tempcleanup's rules apply to tests: a finding in
// testfiles_test.go beside its negative.
package testfiles
