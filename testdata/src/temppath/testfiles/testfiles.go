// Package testfiles shows that temppath's rules apply to tests: a finding in
// testfiles_test.go beside its negative.
package testfiles
