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

func Session() error { return exec.Command("true").Start() }
