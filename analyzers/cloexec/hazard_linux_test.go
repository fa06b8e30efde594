//go:build linux

package cloexec_test

// This test shows, for real, the hazard that cloexec reports: a descriptor
// created without close-on-exec shows up in the /proc/self/fd of a child
// started afterwards (this test binary, re-executed with
// TMPLINT_CLOEXEC_HELPER set), and with the flag it does not.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/tmplint/tmplint/shim/leakcheck"
)

const helperEnv = "TMPLINT_CLOEXEC_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		// List what the descriptors above stderr point to.
		ents, _ := os.ReadDir("/proc/self/fd")
		for _, e := range ents {
			if n, err := strconv.Atoi(e.Name()); err == nil && n > 2 {
				target, _ := os.Readlink("/proc/self/fd/" + e.Name())
				os.Stdout.WriteString(target + "\n")
			}
		}
		os.Exit(0)
	}
	leakcheck.VerifyTestMain(m)
}

func TestHazardInheritedDescriptor(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "marker")
	if err := os.WriteFile(marker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, flags := range []int{syscall.O_RDONLY, syscall.O_RDONLY | syscall.O_CLOEXEC} {
		//tmplint:ignore cloexec the test opens without O_CLOEXEC on purpose, to show the leak
		fd, err := syscall.Open(marker, flags, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), helperEnv+"=1")
		out, err := cmd.Output()
		syscall.Close(fd)
		if err != nil {
			t.Fatal(err)
		}
		inherited := strings.Contains(string(out), marker)
		if want := flags&syscall.O_CLOEXEC == 0; inherited != want {
			t.Errorf("flags %#x: child sees the descriptor = %v, want %v; its fds:\n%s", flags, inherited, want, out)
		}
	}
}
