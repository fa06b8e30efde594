// Package regression_deferkill_strict: in the strict profile, a test's
// child killed by a deferred Kill is still reported as unwaited: a
// zombie until the test binary exits (regression_deferkill).
package regression_deferkill_strict

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestDeferKill(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	cmd.Stdout = os.Stdout
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\): .*; call cmd.Wait right after the Kill that ends it \(defer func\(\) { cmd.Process.Kill\(\); cmd.Wait\(\) }\(\)\)$`
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	time.Sleep(10 * time.Millisecond)
}

// Killed on one path only: the general hint.
func TestKilledOnOnePath(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\): .*; on every path, call go cmd.Wait\(\) if it must keep running`
		t.Fatal(err)
	}
	if testing.Short() {
		return
	}
	cmd.Process.Kill()
}
