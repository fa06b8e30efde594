// Package executable pins an unsafe hint found in runc's config tests: a
// script written at a fixed /tmp name and then run was told to use
// os.CreateTemp, which makes it 0600 (not executable) and leaves a write
// descriptor open (exec fails with ETXTBSY). A file with execute bits
// keeps its name and mode in a private directory; data files keep the
// os.CreateTemp hint.
package executable

import "os"

func installHook(script []byte) error {
	return os.WriteFile("/tmp/hook.sh", script, 0o755) // want `os.WriteFile at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; create it under its name and mode in a directory from os.MkdirTemp \(os.CreateTemp would make it 0600, which cannot be run\)`
}

func writeData(data []byte) error {
	return os.WriteFile("/tmp/data.json", data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.CreateTemp$`
}
