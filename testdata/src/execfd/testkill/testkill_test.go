package testkill

import (
	"os/exec"
	"testing"
)

func TestKilled(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // ok: strict only, killed on every path
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if testing.Short() {
		return
	}
}

// Not killed on one path, or never: a zombie, or a child still running,
// until the test binary exits; strict-only too (testkill_strict).
func TestKilledOnOnePath(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // ok
		t.Fatal(err)
	}
	if testing.Short() {
		return // still running after the test
	}
	cmd.Process.Kill()
}

func TestNeverKilled(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // ok
		t.Fatal(err)
	}
}
