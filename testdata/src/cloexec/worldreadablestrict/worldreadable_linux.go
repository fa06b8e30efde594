// Package worldreadablestrict: the strict profile still reports a
// read-only descriptor of a world-readable device.
package worldreadablestrict

import (
	"golang.org/x/sys/unix"
)

func urandom() (int, error) {
	return unix.Open("/dev/urandom", unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
}
