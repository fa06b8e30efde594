package session

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/internal/layout"
)

// makeStale creates n stale sessions (directory with one file, unlocked
// lock file with meta) of program "crashed" under tmp.
func makeStale(b *testing.B, tmp string, n int) {
	base := filepath.Join(layout.Root(tmp), "crashed")
	if err := os.MkdirAll(base, 0o700); err != nil {
		b.Fatal(err)
	}
	os.Chmod(layout.Root(tmp), 0o700)
	for range n {
		name := layout.SessionName(layout.NewID())
		dir := filepath.Join(base, name)
		if err := os.Mkdir(dir, 0o700); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o600); err != nil {
			b.Fatal(err)
		}
		meta := fmt.Sprintf(`{"id":%q,"program":"crashed","pid":1,"uid":%d}`, name[len(layout.SessionPrefix):], os.Getuid())
		if err := os.WriteFile(dir+layout.LockSuffix, []byte(meta), 0o600); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStart measures what a program waits for at start: New (pruning
// within its budget, the rest handed to the background) and Close (which
// stops the background pruning), with N stale sessions of crashed owners
// waiting. Leftovers are pruned, untimed, between iterations.
func BenchmarkStart(b *testing.B) {
	benchStart(b, defaultPruneBudget)
}

// BenchmarkStartPruneAll is BenchmarkStart with New pruning every stale
// session before it returns: the full cost of pruning N sessions.
func BenchmarkStartPruneAll(b *testing.B) {
	benchStart(b, -1)
}

func benchStart(b *testing.B, budget time.Duration) {
	for _, n := range []int{0, 100, 10000} {
		b.Run(fmt.Sprintf("stale=%d", n), func(b *testing.B) {
			tmp := b.TempDir()
			budgetOpt := func(c *config) { c.pruneBudget = budget }
			for b.Loop() {
				b.StopTimer()
				makeStale(b, tmp, n)
				b.StartTimer()
				s, err := New("bench", WithTempDir(tmp), budgetOpt)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				s, err = New("bench", WithTempDir(tmp), func(c *config) { c.pruneBudget = -1 })
				if err != nil {
					b.Fatal(err)
				}
				s.Close()
				b.StartTimer()
			}
			ents, _ := os.ReadDir(filepath.Join(layout.Root(tmp), "crashed"))
			if len(ents) != 0 {
				b.Fatalf("%d stale entries left", len(ents))
			}
		})
	}
}
