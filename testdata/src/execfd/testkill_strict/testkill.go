// Package testkill_strict: under -strict, a test's child killed on every
// path but never waited is reported.
package testkill_strict
