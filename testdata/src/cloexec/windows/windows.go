// Package windows is type-checked for GOOS=windows by the test.
package windows

import "syscall"

func open(path string) {
	syscall.Open(path, syscall.O_RDONLY, 0)                   // want `syscall.Open without O_CLOEXEC creates an inheritable handle that child processes can inherit: add syscall.O_CLOEXEC to the flags`
	syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0) // ok
	var p [2]syscall.Handle
	syscall.Pipe(p[:]) // ok: Windows has no close-on-exec variant to offer
}
