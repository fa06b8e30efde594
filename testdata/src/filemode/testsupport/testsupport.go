// Package testsupport is a test suite that other packages' tests call
// (its non-test files take a *testing.T): its code is test code, so the
// rules that tests exercise on purpose, such as a cleared umask, are
// strict-only here. Compare testingtesting, a production package.
package testsupport

import (
	"os"
	"syscall"
	"testing"
)

// clearMask clears the mask for a test that checks exact modes, and
// returns the restore (containerd's snapshotter suite does this).
func clearMask() func() {
	old := syscall.Umask(0) // ok: test code; -strict reports it
	return func() { syscall.Umask(old) }
}

// CheckModes is the suite's entry point.
func CheckModes(t *testing.T, dir string) {
	restore := clearMask()
	defer restore()
	if err := os.WriteFile(dir+"/x", nil, 0o666); err != nil {
		t.Fatal(err)
	}
}
