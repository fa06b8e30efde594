package leakcheck

import (
	"fmt"
	"testing"
)

// TestMain checks the package's own tests with the package itself.
func TestMain(m *testing.M) {
	VerifyTestMain(m)
}

// fakeTB records what Verify reports instead of failing the test; everything
// else, Cleanup and TempDir included, is the real test's, so the order of
// cleanups is the real one.
type fakeTB struct {
	testing.TB
	errors []string
	logs   []string
}

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Error(args ...any) { f.errors = append(f.errors, fmt.Sprint(args...)) }
func (f *fakeTB) Log(args ...any)   { f.logs = append(f.logs, fmt.Sprint(args...)) }
func (f *fakeTB) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Logf(format string, args ...any) {
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
}
