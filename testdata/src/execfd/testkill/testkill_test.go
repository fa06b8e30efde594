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

func TestKilledOnOnePath(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // want `not waited on some path`
		t.Fatal(err)
	}
	if testing.Short() {
		return // still running after the test
	}
	cmd.Process.Kill()
}

func TestNeverKilled(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // want `not waited on some path`
		t.Fatal(err)
	}
}
