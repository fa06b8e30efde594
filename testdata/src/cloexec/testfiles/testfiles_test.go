package testfiles

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// A test that is not parallel and starts no child: nothing inherits the
// descriptor (strict-only, see testfilesstrict).
func TestOpen(t *testing.T) {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // ok
	syscall.Close(fd)
	syscall.Open("testdata/x", syscall.O_RDONLY|syscall.O_CLOEXEC, 0) // ok
}

// The test starts a child after opening the descriptor: the child inherits it.
func TestOpenThenRun(t *testing.T) {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	defer syscall.Close(fd)
	exec.Command("true").Run()
}

// The child runs before the descriptor exists, and never again.
func TestRunThenOpen(t *testing.T) {
	exec.Command("true").Run()
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // ok
	syscall.Close(fd)
}

// In a loop, a child started before the creation runs again while the
// descriptor of the previous round is open.
func TestLoop(t *testing.T) {
	for range 3 {
		exec.Command("true").Run()
		syscall.Open("testdata/x", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	}
}

// A parallel test in a package whose tests start processes: another
// test's child may inherit the descriptor, but holds it only until that
// child exits (strict-only, see testfilesstrict).
func TestParallel(t *testing.T) {
	t.Parallel()
	var p [2]int
	syscall.Pipe(p[:]) // ok
}

func TestParallelSubtest(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		t.Parallel()
		syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // ok
	})
}

func openHelper() int {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // ok
	return fd
}

func TestParallelHelper(t *testing.T) {
	t.Parallel()
	syscall.Close(openHelper())
}

// A helper that only serial tests call: the caller starts no child.
func serialHelper() int {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // ok
	return fd
}

func TestSerialHelper(t *testing.T) {
	syscall.Close(serialHelper())
}

// A helper that starts a child itself, after making the descriptor.
func startsHelper() {
	exec.Command("true").Run()
}

func TestHelperStarts(t *testing.T) {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	startsHelper()
	syscall.Close(fd)
}

// TestMain's descriptor is open while every test runs, and they start
// children.
func TestMain(m *testing.M) {
	fd, _ := syscall.Open("testdata/x", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	code := m.Run()
	syscall.Close(fd)
	os.Exit(code)
}
