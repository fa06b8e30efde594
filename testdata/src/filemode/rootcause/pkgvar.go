package rootcause

import (
	"os"
	"path"
	"path/filepath"
)

// A package-level root: the functions of the package create in it, and
// the fix of its mode at its first creation protects them all.
var tmp = path.Join(os.TempDir(), "aufs-tests", "aufs")

func newDriver() {
	os.MkdirAll(tmp, 0o755) // want `os.MkdirAll in shared temp dir with mode 0o755 makes the directory readable by any local user: the umask may not narrow it; use 0o700 \(and 1 creation inside it\)$`
}

func staleCleanup(d string) {
	os.MkdirAll(filepath.Join(tmp, d, "123-removing"), 0o755) // folded into newDriver's
}

// A package-level root made private everywhere: nothing inside reported.
var privateRoot = path.Join(os.TempDir(), "private-root")

func makePrivate() {
	os.Mkdir(privateRoot, 0o700)
}

func inPrivate() {
	os.WriteFile(filepath.Join(privateRoot, "f"), nil, 0o644)
}
