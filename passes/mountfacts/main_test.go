package mountfacts_test

import (
	"testing"

	"github.com/tmplint/tmplint/shim/leakcheck"
)

// TestMain fails the run when the tests leave temp entries, descriptors or
// child processes behind.
func TestMain(m *testing.M) {
	leakcheck.VerifyTestMain(m)
}
