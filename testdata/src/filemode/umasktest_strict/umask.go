// Package umasktest_strict: the umask hint of production code that clears
// the mask for good says to keep other-write in it; a mask cleared and
// restored in the function is cleared on purpose, and its hint says to
// Chmod after creation instead; those of tests, which clear it on purpose
// to check exact modes (reported under -strict only), never say to keep a
// narrower mask.
package umasktest_strict

import "syscall"

func scoped() {
	defer syscall.Umask(syscall.Umask(0)) // want `until the deferred call restores the mask .*; to get exact modes, Chmod each object after creating it instead of clearing the mask$`
}

func global() {
	syscall.Umask(0) // want `lets other-write through: files created afterwards .*; keep 0o002 in the mask \(0o022\)$`
}
