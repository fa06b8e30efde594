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
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\)`
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	time.Sleep(10 * time.Millisecond)
}
