//go:build unix

package linuxonly

import "golang.org/x/sys/unix"

// The unix tag admits darwin, but the package's other file does not build
// there: no platform is named, and the fix is given.
func socket() (int, error) {
	return unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM, 0) // want `unix.Socket without SOCK_CLOEXEC creates a descriptor that every child process started meanwhile inherits: add unix.SOCK_CLOEXEC to the flags`
}
