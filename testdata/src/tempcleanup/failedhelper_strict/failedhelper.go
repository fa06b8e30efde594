// Package failedhelper_strict: under -strict, every leak of failedhelper is
// reported, also when the failure is the caller's (a helper returns the
// error to tests that all t.Fatal on it) and in a test suite's helpers
// outside _test.go files (they take a *testing.T or *testing.M). Positive
// and negative cases side by side in failedhelper_test.go.
package failedhelper_strict

import (
	"log"
	"os"
	"testing"
)

// Run is TestMain's helper: log.Fatal ends a run whose setup failed.
func Run(m *testing.M) {
	dir, err := os.MkdirTemp("", "build") // want `os.MkdirTemp`
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
		log.Fatal(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
