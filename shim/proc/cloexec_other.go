//go:build !unix

package proc

// closeOnExecAll is a no-op: handles are not inherited unless marked so.
func closeOnExecAll() {}
