// Package foldtemppath_strict: under -strict the modes folded into
// temppath's findings are reported too.
package foldtemppath_strict

import "os"

func dumpStacks() {
	os.MkdirAll("/tmp/app-logs", 0o755)       // want `os.MkdirAll in shared temp dir with mode 0o755 makes the directory readable by any local user`
	os.WriteFile("/tmp/app.json", nil, 0o644) // want `os.WriteFile in shared temp dir with mode 0o644 makes the file readable by any local user`
}
