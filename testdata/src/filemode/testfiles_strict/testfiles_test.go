package testfiles_strict

import (
	"os"
	"syscall"
	"testing"
)

func TestPermissions(t *testing.T) {
	old := syscall.Umask(0)  // want `lets other-write through`
	defer syscall.Umask(old) // a restore of the saved mask: no finding
	f, err := os.OpenFile("testdata/x", os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(f.Name(), 0o666)      // want `world-writable mode 0o666`
	os.Chmod("testdata/ro", 0o777) // want `world-writable mode 0o777`
}
