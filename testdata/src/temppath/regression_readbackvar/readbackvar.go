package regression_readbackvar // want package:"createsPkg"

// regression_readbackvar holds package variables naming a fixed
// file in the shared temp dir that a helper creates (a createsAt fact),
// as syncthing's strelaypoolsrv (main.go:545) keeps its known relays: a
// flag defaults to the variable, and the program reads the file back at
// start. A random name would lose it across restarts: the hint keeps the
// name. Without the read back, the random-name remedy stands.

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
)

var knownRelaysFile = filepath.Join(os.TempDir(), "relaypool_known_relays")

var statsFile = filepath.Join(os.TempDir(), "relaypool_stats")

func loadRelays(file string) []string {
	content, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	return strings.Split(string(content), "\n")
}

func saveRelays(file string, relays []string) error { // want saveRelays:"createsAt.0: os.WriteFile."
	return os.WriteFile(file, []byte(strings.Join(relays, "\n")), 0o600)
}

func main() {
	flag.StringVar(&knownRelaysFile, "known-relays", knownRelaysFile, "Path to list of current relays")
	flag.StringVar(&statsFile, "stats", statsFile, "Path to the stats")
	flag.Parse()
	relays := loadRelays(knownRelaysFile)
	relays = append(relays, "relay://x")
	_ = saveRelays(knownRelaysFile, relays) // want `saveRelays creates argument 1 at a predictable name in shared temp dir \(var knownRelaysFile at readbackvar.go:17\), with os.WriteFile at readbackvar.go:30: another local user can pre-create it or plant a symlink; other code uses this fixed name, which a random one would break: keep the name`
	// Written, never read back: only flags and writers use it.
	_ = saveRelays(statsFile, relays) // want `saveRelays creates argument 1 at a predictable name in shared temp dir \(var statsFile at readbackvar.go:19\), with os.WriteFile at readbackvar.go:30: another local user can pre-create it or plant a symlink; pass a path in a directory from os.MkdirTemp$`
}
