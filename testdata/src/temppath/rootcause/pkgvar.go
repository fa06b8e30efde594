package rootcause

import (
	"os"
	"path"
)

// A package-level root: every function of the package creates in it, and
// the one fix is the variable's, so the package has one finding, at the
// first creation.
var (
	tmpOuter = path.Join(os.TempDir(), "aufs-tests")
	tmp      = path.Join(tmpOuter, "aufs")
)

func newDriver() {
	os.MkdirAll(tmp, 0o755) // want `os.MkdirAll at a predictable name in shared temp dir \(var tmp at pkgvar.go:\d+\): .* \(and 3 more creations in \$TMPDIR/aufs-tests\)$`
	initDriver(tmp)         // folded: the helper makes it again
}

func otherTest() {
	os.MkdirAll(path.Join(tmp, "diff"), 0o755)       // folded into newDriver's
	os.Create(path.Join(tmpOuter, "0", "aufs.lock")) // folded: in the same directory
}

// initDriver makes its argument.
func initDriver(home string) error { // want initDriver:"createsAt.0: os.MkdirAll."
	return os.MkdirAll(home, 0o700)
}
