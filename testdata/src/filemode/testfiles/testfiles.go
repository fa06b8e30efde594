// Package testfiles shows filemode's test policy: the same calls in
// ordinary code (this file) and in a test (testfiles_test.go).
package testfiles

import (
	"os"
	"syscall"
)

func openUp(dir string) {
	syscall.Umask(0)                            // want `lets other-write through`
	os.Chmod(dir, 0o777)                        // want `world-writable mode 0o777`
	os.Chmod(dir, 0o1777)                       // want `sticky bit is os.ModeSticky`
	os.WriteFile("/tmp/shared.txt", nil, 0o644) // not reported: a predictable name, temppath's finding
}
