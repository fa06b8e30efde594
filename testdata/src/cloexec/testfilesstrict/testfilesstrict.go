// Package testfilesstrict: under -strict, a test's descriptor is reported
// even when no child can start while it is open.
package testfilesstrict
