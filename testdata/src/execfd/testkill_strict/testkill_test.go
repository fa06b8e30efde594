package testkill_strict

import (
	"os/exec"
	"testing"
)

func TestKilled(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // want `not waited on some path \(Process.Kill and Signal do not reap it\)`
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
}
