// Package executable pins an unsafe hint found in runc's config tests: a
// script written at a fixed /tmp name and then run was told to use
// os.CreateTemp, which makes it 0600 (not executable) and leaves a write
// descriptor open (exec fails with ETXTBSY). A file with execute bits
// that the code then runs keeps its name and mode in a private directory;
// other files keep the os.CreateTemp hint.
package executable

import (
	"os"
	"os/exec"
)

func installHook(script []byte) error {
	hook := "/tmp/hook.sh"
	if err := os.WriteFile(hook, script, 0o755); err != nil { // want `os.WriteFile at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; create it under its name and mode in a directory from os.MkdirTemp \(os.CreateTemp would make it 0600, which cannot be run\)`
		return err
	}
	return exec.Command(hook).Run()
}

// Executable bits on a file that is served or read, not run: the plain
// hint.
func serveData(data []byte) error {
	name := "/tmp/page.html"
	return os.WriteFile(name, data, 0o755) // want `os.WriteFile at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.CreateTemp$`
}

func writeData(data []byte) error {
	return os.WriteFile("/tmp/data.json", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.CreateTemp$`
}
