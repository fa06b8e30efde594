package funcstarts

import (
	"syscall"
	"testing"

	"cloexec/funcstarts/rtest"
)

// A test's descriptor, closed after an assertion that starts nothing: the
// helper package may start processes elsewhere, but not in OK.
func TestSocket(t *testing.T) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // strict-only: nothing in the window starts a child
	rtest.OK(t, err)
	defer func() { _ = syscall.Close(fd) }()
	rtest.OK(t, syscall.Bind(fd, &syscall.SockaddrUnix{Name: "x"}))
}

func TestSocketRun(t *testing.T) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // want `syscall.Socket without SOCK_CLOEXEC`
	rtest.OK(t, err)
	defer syscall.Close(fd)
	rtest.RunCmd(t, "true")
}

type logger struct{}

func (logger) Log(string) {}

func TestSocketLog(t *testing.T) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // want `syscall.Socket without SOCK_CLOEXEC`
	rtest.OK(t, err)
	defer syscall.Close(fd)
	rtest.LogTo(logger{}, "x")
}
