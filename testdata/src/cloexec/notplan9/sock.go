//go:build !plan9

// A file whose constraint excludes only plan9 also builds for windows, js
// and wasip1, whose syscall package has Socket but no SOCK_CLOEXEC.
package notplan9

import "syscall"

func socket() (int, error) {
	return syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // want `this file also builds for darwin, ios, aix, windows, js, wasip1, which lack it`
}
