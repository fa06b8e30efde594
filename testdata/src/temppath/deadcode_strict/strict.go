// Package deadcode_strict: -strict reports creations in dead code too.
package deadcode_strict

import "os"

type state struct{}

func (state) write() {
	os.WriteFile("/tmp/app-state.json", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}
