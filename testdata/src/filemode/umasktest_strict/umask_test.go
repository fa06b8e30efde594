package umasktest_strict

import (
	"syscall"
	"testing"
)

func TestExactModes(t *testing.T) {
	defer syscall.Umask(syscall.Umask(0)) // want `until the deferred call restores the mask .*; a test that clears the mask to check exact modes must not run in parallel \(no t.Parallel\) with tests that create files, or can Chmod each object after creating it instead$`
}

func TestCleared(t *testing.T) {
	syscall.Umask(0) // want `lets other-write through: files created afterwards .*; a test that clears the mask to check exact modes must restore it when it ends \(old := syscall.Umask\(0\); defer syscall.Umask\(old\)\) and not run in parallel with tests that create files$`
}
