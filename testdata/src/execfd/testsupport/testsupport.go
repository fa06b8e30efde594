// Package testsupport is a suite that other packages' tests call (its
// non-test files take a *testing.T): a child it leaves unwaited stays a
// zombie only until the test binary exits, so the finding is strict-only,
// as in a _test.go file (testsupport_strict). The same helper in a
// production package is reported (testkill's Serve).
package testsupport

import (
	"os/exec"
	"testing"
)

// startServer is the suite's helper: it takes no testing type. The
// child is killed when the helper returns, never waited.
func startServer() error {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // ok: test code, strict only
		return err
	}
	defer cmd.Process.Kill()
	return nil
}

// CheckServer is the suite's entry point.
func CheckServer(t *testing.T) {
	if err := startServer(); err != nil {
		t.Fatal(err)
	}
}
