package closedat // want package:"startsProcess"

// closedat shows the window rule of cloexec: a descriptor closed
// in the same block before anything could start a process is strict-only
// in a package whose own code starts none; one that is held, returned,
// handed on, or closed only on some paths is reported.

import (
	"fmt"
	"syscall"

	"cloexec/mainprogram/starter"
)

// A probe, closed at once.
func probe() bool {
	for _, af := range []int{syscall.AF_INET, syscall.AF_INET6} {
		s, err := syscall.Socket(af, syscall.SOCK_RAW, 0) // ok
		if err != nil {
			continue
		}
		syscall.Close(s)
		return true
	}
	return false
}

// Closed by a defer right after the error check, used only by system calls.
func write(name string) error {
	fd, err := syscall.Open(name, syscall.O_WRONLY, 0) // ok
	if err != nil {
		return fmt.Errorf("open %s: %w", name, err)
	}
	defer syscall.Close(fd)
	if _, err := syscall.Write(fd, []byte("0")); err != nil {
		return fmt.Errorf("write to %d: %w", fd, err)
	}
	return nil
}

// Returned: the caller holds it.
func open(name string) (int, error) {
	fd, err := syscall.Open(name, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return -1, err
	}
	return fd, nil
}

// A call that may start a process runs while the descriptor is open.
func openThenStart(name string) {
	fd, err := syscall.Open(name, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	starter.Run("/bin/true", nil)
}

// Closed only on one branch.
func closedOnBranch(name string, keep bool) {
	fd, err := syscall.Open(name, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return
	}
	if !keep {
		syscall.Close(fd)
	}
}

// A return between the creation and the close leaves it open.
func returnsBeforeClose(name string, early bool) {
	fd, err := syscall.Open(name, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return
	}
	if early {
		return
	}
	syscall.Close(fd)
}

// Handed to code that may keep it.
func handedOn(name string) {
	fd, err := syscall.Open(name, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return
	}
	keep(fd)
	syscall.Close(fd)
}

var kept []int

func keep(fd int) { kept = append(kept, fd) }

// Closed by a deferred function literal that closes it.
func probeReusePort() bool {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0) // ok
	if err != nil {
		return false
	}
	defer func() { _ = syscall.Close(fd) }()
	return syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, 0xf, 1) == nil
}

// A deferred literal that closes something else leaves it open.
func probeOther(other int) bool {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0) // want `syscall.Socket without SOCK_CLOEXEC`
	if err != nil {
		return false
	}
	defer func() { _ = syscall.Close(other) }()
	return syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, 0xf, 1) == nil
}
