// Package failedtests holds tests whose temp objects leak only where the
// test has already failed: strict-only.
package failedtests
