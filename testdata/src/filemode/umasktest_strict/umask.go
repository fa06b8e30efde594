// Package umasktest_strict: the umask hints of production code say to keep
// other-write in the mask; those of tests, which clear it on purpose to
// check exact modes (reported under -strict only), never do.
package umasktest_strict

import "syscall"

func scoped() {
	defer syscall.Umask(syscall.Umask(0)) // want `syscall.Umask with a mask that is not constant` `until the deferred call restores the mask .*; give the files this function creates explicit modes instead \(fsmode\), or keep 0o002 in the mask$`
}

func global() {
	syscall.Umask(0) // want `lets other-write through: files created afterwards .*; keep 0o002 in the mask \(0o022\)$`
}
