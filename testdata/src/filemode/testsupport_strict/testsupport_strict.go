// Package testsupport_strict is testsupport under -strict: a test suite that other packages' tests call
// (its non-test files take a *testing.T): its code is test code, so the
// rules that tests exercise on purpose, such as a cleared umask, are
// strict-only here. Compare testingtesting, a production package.
package testsupport_strict

import (
	"os"
	"syscall"
	"testing"
)

// clearMask clears the mask for a test that checks exact modes, and
// returns the restore (containerd's snapshotter suite does this).
func clearMask() func() {
	old := syscall.Umask(0) // want `syscall.Umask\(0o0\) lets other-write through`
	return func() { syscall.Umask(old) }
}

// CheckModes is the suite's entry point.
func CheckModes(t *testing.T, dir string) {
	restore := clearMask()
	defer restore()
	if err := os.WriteFile(dir+"/x", nil, 0o666); err != nil { // want `os.WriteFile with mode 0o666, wider than the policy 0o600`
		t.Fatal(err)
	}
}
