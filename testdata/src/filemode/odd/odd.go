// Package odd holds well-typed but unusual code: the analyzer must judge
// what it can and skip the rest without crashing.
package odd

import (
	. "os"
	"path/filepath"
)

type config struct{ mode FileMode }

func dot(data []byte) {
	WriteFile("/tmp/dot", data, 0o644) // not reported: a predictable name, temppath's finding
	create := Create
	create("/tmp/value") // ok: a function value is not followed
	func() {
		Chmod("/srv/x", 0o777) // want `os.Chmod to world-writable mode 0o777`
	}()
	defer Chmod("/srv/y", 0o666) // want `os.Chmod to world-writable mode 0o666`
	go Mkdir("/tmp/go", 0o755)   // not reported: a predictable name, temppath's finding
}

func fields(c config, cs []config, data []byte) {
	WriteFile("/tmp/f", data, c.mode)     // ok: not constant
	WriteFile("/tmp/f", data, cs[0].mode) // ok
}

func shadow(data []byte) {
	filepath := "/tmp/shadow"
	WriteFile(filepath, data, 0o600) // ok
}

type pathT string

func named(data []byte) {
	var p pathT = "/tmp/named"
	WriteFile(string(p), data, 0o640) // not reported: a predictable name, temppath's finding
}

func generic[T ~string, M ~uint32](p T, m M, data []byte) {
	WriteFile(string(p), data, FileMode(m))
	WriteFile(filepath.Join(TempDir(), string(p)), data, 0o600)
}

var _ = generic[string, uint32]
