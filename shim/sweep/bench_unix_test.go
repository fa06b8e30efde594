//go:build unix

package sweep

import (
	"testing"
	"time"
)

func makeCandidates(b *testing.B, f *fixture, n int) {
	for range n {
		f.session(false, 0)
	}
	backdate(b, f.base, 2*time.Hour)
}

// BenchmarkSweep10000 measures a sweep over 10,000 stale session
// candidates (each a directory with a subdirectory and a 100-byte file,
// plus its lock file): the scan alone (what --dry-run does), and scan plus
// removal with the re-checks.
func BenchmarkSweep10000(b *testing.B) {
	const n = 10000
	b.Run("scan", func(b *testing.B) {
		f := newFixture(b)
		makeCandidates(b, f, n)
		for b.Loop() {
			p, err := Scan(Options{Base: f.base, MinAge: time.Hour})
			if err != nil || len(p.Candidates) != n {
				b.Fatalf("%v: %d candidates", err, len(p.Candidates))
			}
			p.Close()
		}
	})
	b.Run("scan+remove", func(b *testing.B) {
		f := newFixture(b)
		for b.Loop() {
			b.StopTimer()
			makeCandidates(b, f, n)
			b.StartTimer()
			p, err := Scan(Options{Base: f.base, MinAge: time.Hour})
			if err != nil {
				b.Fatal(err)
			}
			res := p.Execute()
			p.Close()
			if len(res.Removed) != n || len(res.Failed) != 0 {
				b.Fatalf("removed %d, failed %v", len(res.Removed), res.Failed)
			}
		}
	})
}
