//go:build unix

package leakcheck

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// privatePrefix begins the name of every private TMPDIR. It is short, and
// the name holds no package name: tests bind unix sockets under
// t.TempDir(), and a socket's path must fit in 108 bytes even under a long
// TMPDIR.
const privatePrefix = "leakcheck-"

// staleAge is how old a private TMPDIR without a live owner must be before
// a later run removes it: younger, its owner may not have locked it yet.
const staleAge = time.Minute

// lockDir holds an exclusive flock on dir for as long as the returned file
// is open: the sign, for later runs, that its owner lives.
func lockDir(dir string) (*os.File, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// pruneStale removes the private TMPDIRs in parent that test binaries left
// when they crashed or were killed: ours, real directories (never a link
// followed), older than staleAge, and not locked by a live owner.
func pruneStale(parent string) {
	ents, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), privatePrefix) {
			continue
		}
		dir := filepath.Join(parent, e.Name())
		fi, err := os.Lstat(dir)
		if err != nil || !fi.IsDir() || time.Since(fi.ModTime()) < staleAge {
			continue
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() {
			continue
		}
		f, err := lockDir(dir)
		if err != nil {
			continue // a live owner holds it
		}
		removeTree(dir)
		f.Close()
	}
}
