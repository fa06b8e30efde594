// Command gcltest is the module that the golangci-lint integration test of
// package plugin lints. Each function's "gcl:" comment says what the test
// expects inside it:
//
//	gcl:want A B    findings of analyzers A and B in the default profile
//	gcl:strict A    findings of analyzer A in its strict profile only
//	gcl:none        no finding in any profile (suppressed or clean)
//
// A function without a gcl: comment must have no default-profile finding.
package main

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

func main() {
	_ = octalLooking()
	_ = sharedPredictable()
	_ = tempLeak()
	_ = startNoWait()
	_ = openNoCloexec()
	_ = createImplicit()
	_ = suppressed()
	_ = clean()
	_ = sharedWide(fmt.Sprintf("gcltest-wide-%d", rand.Int()), nil)
}

// gcl:want filemode
func octalLooking() error {
	return os.WriteFile("gcltest-out.txt", []byte("x"), 644)
}

// gcl:want temppath
func sharedPredictable() error {
	f, err := os.OpenFile("/tmp/gcltest.lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}

// gcl:want tempcleanup
func tempLeak() error {
	f, err := os.CreateTemp("", "gcltest-*")
	if err != nil {
		return err
	}
	_, err = f.WriteString("x")
	f.Close()
	return err
}

// gcl:want execfd
func startNoWait() error {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		return err
	}
	return nil
}

// gcl:want cloexec
func openNoCloexec() error {
	fd, err := syscall.Open("/etc/hostname", syscall.O_RDONLY, 0)
	if err != nil {
		return err
	}
	return syscall.Close(fd)
}

// gcl:want filemode
// (filemode not with the setting filemode.file: "0o640"; see
// TestGolangciLint/threshold. main passes a name with a random part: at a
// predictable name the mode, which lets others only read, would be folded
// into temppath's finding.)
func sharedWide(name string, data []byte) error {
	return os.WriteFile(filepath.Join(os.TempDir(), name), data, 0o640)
}

// gcl:strict filemode
func createImplicit() error {
	f, err := os.Create("gcltest-out.txt")
	if err != nil {
		return err
	}
	return f.Close()
}

// gcl:none
func suppressed() error {
	return os.WriteFile("gcltest-out.txt", []byte("x"), 644) //nolint:tmplint // the test of //nolint
}

// gcl:none
func clean() error {
	fd, err := syscall.Open("/etc/hostname", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	return syscall.Close(fd)
}
