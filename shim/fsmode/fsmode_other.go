//go:build !unix

package fsmode

// Outside Unix the os package already opens without inheritance and there is
// no umask; these flags are no-ops.
const (
	oNoFollow  = 0
	oCloexec   = 0
	oDirectory = 0
)

// syncDir is a no-op: directories cannot be synced on this platform.
func syncDir(string) error { return nil }
