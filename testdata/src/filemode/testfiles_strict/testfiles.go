// Package testfiles_strict is the strict side of testfiles: under -strict,
// chmod and umask in a test are reported like anywhere else.
package testfiles_strict
