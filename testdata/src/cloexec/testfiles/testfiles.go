// Package testfiles shows that cloexec's rules apply to tests: a finding in
// testfiles_test.go beside its negative.
package testfiles
