package closedatstarts // want package:"startsProcess"

// closedatstarts starts processes itself (a server forking
// sessions from other goroutines can fork inside the window), so even a
// descriptor closed at once is reported.

import (
	"os/exec"
	"syscall"
)

func probe() bool {
	s, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_RAW, 0) // want `syscall.Socket without SOCK_CLOEXEC`
	if err != nil {
		return false
	}
	syscall.Close(s)
	return true
}

func Session() error { return exec.Command("true").Start() } // want Session:"startsProcessFunc"

var reusePort bool

// init runs before main and before any goroutine the program starts: only
// the calls inside the window count, and none may start a process.
func init() {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0) // strict-only: closed before init returns
	if err != nil {
		return
	}
	defer func() { _ = syscall.Close(fd) }()
	reusePort = syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, 0xf, 1) == nil
}

// An init that starts a child inside the window keeps the finding.
func init() {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0) // want `syscall.Socket without SOCK_CLOEXEC`
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	exec.Command("true").Run()
}

// Not an init: the package's other goroutines may fork in the window.
func probeClosure() bool {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0) // want `syscall.Socket without SOCK_CLOEXEC`
	if err != nil {
		return false
	}
	defer func() { _ = syscall.Close(fd) }()
	return syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, 0xf, 1) == nil
}
