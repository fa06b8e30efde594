//go:build unix

package layout

import "syscall"

const (
	oDirectory = syscall.O_DIRECTORY
	oNoFollow  = syscall.O_NOFOLLOW
)
