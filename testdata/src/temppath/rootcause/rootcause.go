// Package rootcause: the creations inside a directory that the function
// (or, for a package-level path, the package) makes at a predictable name
// in shared temp are one finding, at the directory's creation.
package rootcause

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
)

// A root made in the function, with creations inside it: one finding.
func mountTest() error {
	tmp := path.Join(os.TempDir(), "mount-tests")
	if err := os.MkdirAll(tmp, 0o777); err != nil { // want `os.MkdirAll at a predictable name in shared temp dir: .*; use os.MkdirTemp \(and 4 creations inside it\)$`
		return err
	}
	defer os.RemoveAll(tmp)
	var (
		sourceDir  = path.Join(tmp, "source")
		targetDir  = path.Join(tmp, "target")
		sourcePath = path.Join(sourceDir, "file.txt")
	)
	os.Mkdir(sourceDir, 0o777)                       // folded into the MkdirAll above
	os.Mkdir(targetDir, 0o777)                       // folded
	os.Create(sourcePath)                            // folded
	writeFile(path.Join(tmp, "x.conf"))              // folded: the helper creates it
	return os.Symlink(sourcePath, "/tmp/mount-link") // want `os.Symlink at a predictable name in shared temp dir: .*; create it in a directory from os.MkdirTemp$`
}

// writeFile creates its argument: a createsAt fact.
func writeFile(name string) error { // want writeFile:"createsAt.0: os.WriteFile."
	return os.WriteFile(name, nil, 0o600)
}

// Each function that makes its own root has its own finding: each has its
// own fix.
func mountTest2() {
	tmp := path.Join(os.TempDir(), "mount-tests")
	os.MkdirAll(tmp, 0o777)                    // want `os.MkdirAll at a predictable name .* \(and 2 creations inside it\)$`
	os.Create(path.Join(tmp, "b", "file.txt")) // folded
	writeIn(tmp)                               // folded: the helper creates a file in it
}

// writeIn creates a file in its argument: a joined createsAt fact.
func writeIn(dir string) error { // want writeIn:"createsAt.0: joined os.Create."
	_, err := os.Create(filepath.Join(dir, "state.json"))
	return err
}

// A directory the function never makes, only assumes: the first creation
// in it is the root.
const sockDir = "/tmp/app"

func assumed() {
	os.Create(sockDir + "/a.pid")                             // want `os.Create at a predictable name in shared temp dir \(const sockDir at rootcause.go:\d+\): .* \(and 1 more creation in /tmp/app: make that directory with os.MkdirTemp\)$`
	os.WriteFile(filepath.Join(sockDir, "b.txt"), nil, 0o600) // folded
}

// Files directly in the shared root are separate names, each a fix of its
// own: not folded.
func separate() {
	os.Create("/tmp/a.log") // want `os.Create at a predictable name in shared temp dir: [^(]*$`
	os.Create("/tmp/b.log") // want `os.Create at a predictable name in shared temp dir: [^(]*$`
	os.Create("/tmp/a.log") // want `os.Create at a predictable name in shared temp dir: [^(]*$`
}

// Inside a private directory nothing is reported: no other user can
// reach it, whatever the names inside.
func private() error {
	dir, err := os.MkdirTemp("", "work-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	os.Mkdir(filepath.Join(dir, "sub"), 0o777)
	os.Create(filepath.Join(dir, "sub", "f.txt"))
	return writeFile(filepath.Join(dir, "g.txt"))
}

// A suppression on the root silences the group: its fix is the one that
// removes the rest.
func suppressed() {
	dir := filepath.Join(os.TempDir(), "fixture")
	//tmplint:ignore temppath the test machine is single-user
	os.MkdirAll(dir, 0o700)
	os.Create(filepath.Join(dir, "f"))
}

// A computed but predictable name is a root like a constant one.
func predictable() {
	dir := filepath.Join(os.TempDir(), "app-"+strconv.Itoa(os.Getuid()))
	os.MkdirAll(dir, 0o700)            // want `os.MkdirAll at a predictable name .* \(and 1 creation inside it\)$`
	os.Create(filepath.Join(dir, "f")) // folded
}

// An unpredictable directory name is no shared root: its creations are
// judged one by one, and a name inside it with a random part is not
// predictable.
func unpredictable(name string) {
	dir := filepath.Join(os.TempDir(), name)
	os.MkdirAll(dir, 0o700)
	os.Create(filepath.Join(dir, "f"))
}
