//go:build !windows

package notwindows

import "golang.org/x/sys/unix"

// FcntlInt exists wherever x/sys/unix has declarations, but aix has no
// F_DUPFD_CLOEXEC.
func dup(fd int) (int, error) {
	return unix.Dup(fd) // want `unix.Dup creates a descriptor without close-on-exec.*this file also builds for aix, which lack F_DUPFD_CLOEXEC`
}
