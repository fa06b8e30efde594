// Package foldtemppath: in production code, a creation at a predictable
// name in shared temp whose mode lets other users only read the file or
// list the directory is temppath's finding on the same call, whose fix
// makes the object private; the mode is not reported too. A mode that lets
// others write into it, or a name temppath does not report, keeps its
// finding (containerd main.go:390, tailscale logpolicy.go:737).
package foldtemppath

import (
	"fmt"
	"os"
	"path/filepath"
)

// Predictable names, readable by others: temppath's finding only.
func dumpStacks() {
	os.Create(fmt.Sprintf("/tmp/app.%d.stacks.log", os.Getpid())) // not reported: temppath's finding
	os.MkdirAll("/tmp/app-logs", 0o755)                           // not reported: temppath's finding
	os.WriteFile("/tmp/app.json", nil, 0o644)                     // not reported: temppath's finding
}

// Predictable names that others can write into: the program then reads
// what another user may have put there, whatever the name.
func dropBox() {
	os.MkdirAll("/tmp/app-drop", 0o777)       // want `os.MkdirAll in shared temp dir with mode 0o777 makes the directory writable by any local user`
	os.WriteFile("/tmp/app.conf", nil, 0o666) // want `os.WriteFile in shared temp dir with mode 0o666 makes the file writable by any local user`
}

// Names temppath does not report: the mode is the only finding.
func named(name string) {
	os.WriteFile(filepath.Join(os.TempDir(), name), nil, 0o644)          // want `os.WriteFile in shared temp dir with mode 0o644 makes the file readable by any local user`
	os.Create(filepath.Join(os.TempDir(), name))                         // want `os.Create in shared temp dir creates the file with mode 0666 before umask`
	os.OpenFile("/tmp/app.lock", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644) // want `os.OpenFile in shared temp dir with mode 0o644 makes the file readable by any local user`
}
