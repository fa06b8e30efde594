package main

import (
	"runtime/debug"
	"testing"
)

// TestTuneGC: with neither GOGC nor GOMEMLIMIT set, the standalone driver
// collects at GOGC=400 within the soft limit; with either set, it leaves
// the collector as the user configured it.
func TestTuneGC(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})

	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Setenv("GOGC", "")
		t.Setenv("GOMEMLIMIT", "")
		t.Setenv(env, "100")
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(limit)
		tuneGC()
		if got := debug.SetGCPercent(100); got != 100 {
			t.Errorf("with %s set, GOGC became %d", env, got)
		}
		if got := debug.SetMemoryLimit(-1); got != limit {
			t.Errorf("with %s set, the memory limit became %d", env, got)
		}
	}

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	tuneGC()
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GOGC is %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(-1); got < memoryFloor {
		t.Errorf("memory limit %d, want at least %d", got, memoryFloor)
	}
}
