// Package precision holds shapes whose mode findings a maintainer read as
// false or misworded.
package precision

import (
	"os"
	"syscall"
)

// A device node's mode says who may open the device; its driver decides
// what they can do (/dev/net/tun is 0666 everywhere).
func shareTun() error {
	return os.Chmod("/dev/net/tun", 0o666) // ok: strict only
}

// /dev/shm is a shared temp location, not a device.
func shm() error {
	return os.Chmod("/dev/shm/app.lock", 0o666) // want `os.Chmod to world-writable mode 0o666`
}

// A umask cleared and restored by a defer is open until the function
// returns, not for the rest of the program: the message says so when a
// goroutine the function starts may create files meanwhile.
func scoped(path string, done chan error) error {
	old := syscall.Umask(0) // want `syscall.Umask\(0o0\) lets other-write through until the deferred call restores the mask when the function returns`
	defer syscall.Umask(old)
	go func() { done <- os.WriteFile(path+".log", nil, 0o644) }()
	return os.WriteFile(path, nil, 0o644)
}

// Cleared for good.
func cleared() {
	syscall.Umask(0) // want `syscall.Umask\(0o0\) lets other-write through: files created afterwards`
}
