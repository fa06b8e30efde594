// Package untaggedunix has no build constraint and uses x/sys/unix.
package untaggedunix

import "golang.org/x/sys/unix"

// x/sys/unix has no declarations on windows, js, wasip1 and plan9: a file
// using it does not build there, so only the Unixes without the flag are named.
func socket() (int, error) {
	return unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM, 0) // want `unix.Socket without SOCK_CLOEXEC .* if this package also builds for darwin, ios or aix, which lack it`
}

