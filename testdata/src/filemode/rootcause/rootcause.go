// Package rootcause: a creation inside a directory that the function makes
// at a predictable name in shared temp owes its exposure to that directory:
// it is folded into the directory's finding, whose fix protects it.
package rootcause

import (
	"os"
	"path"
	"path/filepath"
	"syscall"
)

// A root made open, with creations inside it: one finding, at the root.
func mountTest() {
	tmp := path.Join(os.TempDir(), "mount-tests")
	os.MkdirAll(tmp, 0o777) // want `os.MkdirAll in shared temp dir with mode 0o777 makes the directory writable by any local user: the umask may not narrow it; use 0o700 \(and 3 creations inside it\)$`
	sourceDir := path.Join(tmp, "source")
	os.Mkdir(sourceDir, 0o777)                         // folded
	os.Create(path.Join(sourceDir, "file.txt"))        // folded
	os.WriteFile(path.Join(tmp, "x.conf"), nil, 0o644) // folded
	os.Mkdir(path.Join(tmp, "d"), 777)                 // want `decimal literal 777 used as a file mode is 0o1411: write 0o777`
}

// A mode mistake is the code's own, whatever the directory: still reported
// with its fix. So is a umask.
func umask() {
	syscall.Umask(0) // want `syscall.Umask\(0o0\) lets other-write through`
}

// A root made private first: what is inside is out of other users' reach
// whatever its mode. The root's name is temppath's concern.
func private() {
	dir := filepath.Join(os.TempDir(), "fixture")
	if err := os.Mkdir(dir, 0o700); err != nil {
		return
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o777)
	os.Create(filepath.Join(dir, "sub", "f.txt"))
	os.WriteFile(filepath.Join(dir, "g"), nil, 0o666)
}

// A private creation after an open one does not narrow the directory: the
// first creation decides. A directory that others can only list, at a
// predictable name, is temppath's finding, not a mode's: a file inside it
// that others can write is then reported by itself.
func openFirst() {
	dir := filepath.Join(os.TempDir(), "cache")
	os.MkdirAll(dir, 0o755) // not reported: a predictable name, temppath's finding
	os.MkdirAll(dir, 0o700)
	os.WriteFile(filepath.Join(dir, "f"), nil, 0o666) // want `os.WriteFile in shared temp dir with mode 0o666 makes the file writable by any local user: [^(]*$`
}

// A second creation of the same path is not inside the first: narrowing
// the first does not narrow it (it may be the one that runs).
func again(cond bool) {
	dir := filepath.Join(os.TempDir(), "again")
	if cond {
		os.Mkdir(dir, 0o777) // want `os.Mkdir in shared temp dir with mode 0o777 makes the directory writable by any local user: [^(]*$`
	} else {
		os.Mkdir(dir, 0o755) // not reported: a predictable name, temppath's finding
	}
}

// Files in a directory the function never makes: each file's mode is its
// own fix, not folded.
const spool = "/tmp/spool"

func assumed() {
	os.WriteFile(spool+"/a", nil, 0o644) // want `os.WriteFile in shared temp dir with mode 0o644 makes the file readable by any local user: [^(]*$`
	os.WriteFile(spool+"/b", nil, 0o644) // want `os.WriteFile in shared temp dir with mode 0o644 makes the file readable by any local user: [^(]*$`
}

// Inside os.MkdirTemp: private, nothing reported.
func mkdirTemp() error {
	dir, err := os.MkdirTemp("", "work-*")
	if err != nil {
		return err
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o777)
	return os.WriteFile(filepath.Join(dir, "f"), nil, 0o666)
}
