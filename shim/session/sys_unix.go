//go:build unix

package session

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// oNonblock opens a FIFO for writing without waiting for a reader.
const oNonblock = syscall.O_NONBLOCK

// isNoReader reports whether err is a non-blocking open of a FIFO that has
// no reader.
func isNoReader(err error) bool { return errors.Is(err, syscall.ENXIO) }

// setBlocking returns f, opened with O_NONBLOCK, as a file in blocking mode:
// a duplicate of its descriptor with O_NONBLOCK cleared, which the runtime
// treats as the blocking descriptor it is (a File opened with O_NONBLOCK
// stays in the runtime's poller, and Fd would not clear the flag). f is
// closed.
func setBlocking(f *os.File) (*os.File, error) {
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	nfd := -1
	var derr error
	if err := rc.Control(func(fd uintptr) { nfd, derr = unix.FcntlInt(fd, unix.F_DUPFD_CLOEXEC, 0) }); err != nil {
		return nil, err
	}
	if derr != nil {
		return nil, &os.PathError{Op: "dup", Path: f.Name(), Err: derr}
	}
	// O_NONBLOCK belongs to the open file description, which f shares
	// until it is closed.
	if err := unix.SetNonblock(nfd, false); err != nil {
		unix.Close(nfd)
		return nil, &os.PathError{Op: "fcntl", Path: f.Name(), Err: err}
	}
	return os.NewFile(uintptr(nfd), f.Name()), nil
}

// oNoFollow keeps a symbolic link at a created file's name from being
// followed.
const oNoFollow = syscall.O_NOFOLLOW
