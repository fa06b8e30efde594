package sys

import (
	"golang.org/x/sys/unix"
	"os"
	"syscall"
)

func modes(p string, fd int, m uint32) {
	syscall.Chmod(p, 0o666)           // want `syscall.Chmod to world-writable mode 0o666 without the sticky bit`
	syscall.Chmod(p, 0o1777)          // ok: S_ISVTX is the sticky bit of a raw mode
	syscall.Fchmod(fd, 0o777)         // want `syscall.Fchmod to world-writable mode 0o777`
	syscall.Fchmodat(fd, p, 0o646, 0) // want `syscall.Fchmodat to world-writable mode 0o646`
	syscall.Fchmod(fd, 0o755)         // ok
	syscall.Chmod(p, 644)             // want `decimal literal 644 used as a file mode is 0o1204: write 0o644`
	syscall.Chmod(p, m)               // ok: not constant
	syscall.Chmod("/tmp/x", 0o644)    // want `syscall.Chmod to mode 0o644 in shared temp dir`

	syscall.Umask(0)     // want `syscall.Umask\(0o0\) lets other-write through: files created afterwards with the usual mode 0666 are world-writable; keep 0o002 in the mask \(0o022\)`
	syscall.Umask(0o020) // want `syscall.Umask\(0o20\) lets other-write through`
	syscall.Umask(0o022) // ok
	syscall.Umask(0o077) // ok
	syscall.Umask(0o002) // ok
	old := syscall.Umask(0o077)
	syscall.Umask(old) // ok: restoring is not constant

	syscall.Open("/tmp/x", syscall.O_RDWR|syscall.O_CREAT, 0o644)                // not reported: a predictable name, temppath's finding
	syscall.Open("/tmp/x", syscall.O_RDONLY, 0o644)                              // ok: does not create
	syscall.Open("/tmp/x", syscall.O_RDWR|syscall.O_CREAT|syscall.O_EXCL, 0o600) // ok
	syscall.Open(p, syscall.O_RDWR|syscall.O_CREAT, 0o666)                       // ok: not shared
	syscall.Openat(fd, "/tmp/y", syscall.O_CREAT|syscall.O_WRONLY, 0o640)        // not reported: a predictable name, temppath's finding
	syscall.Openat(fd, "y", syscall.O_CREAT|syscall.O_WRONLY, 0o640)             // ok: relative to fd
	syscall.Creat("/var/tmp/z", 0o644)                                           // not reported: a predictable name, temppath's finding
	syscall.Mkdir("/tmp/d", 0o755)                                               // not reported: a predictable name, temppath's finding
	syscall.Mkdirat(fd, "/dev/shm/d", 0o777)                                     // want `syscall.Mkdirat in shared temp dir with mode 0o777`
	syscall.Mkdir("/tmp/d", 0o1777)                                              // want `syscall.Mkdir in shared temp dir with mode 0o777`
	syscall.Open("/tmp/x", syscall.O_RDWR|syscall.O_CREAT, 600)                  // want `decimal literal 600 `

	_ = os.Getpid
}

func xsys(fd int) {
	unix.Chmod("/srv/drop", 0o777)                                   // want `unix.Chmod to world-writable mode 0o777`
	unix.Chmod("/srv/drop", 0o1777)                                  // ok: sticky
	unix.Fchmod(fd, 0o666)                                           // want `unix.Fchmod to world-writable mode 0o666`
	unix.Fchmodat(unix.AT_FDCWD, "/tmp/x", 0o644, 0)                 // want `unix.Fchmodat to mode 0o644 in shared temp dir`
	unix.Umask(0)                                                    // want `unix.Umask\(0o0\) lets other-write through`
	unix.Umask(0o027)                                                // ok
	unix.Open("/tmp/u", unix.O_RDWR|unix.O_CREAT|unix.O_EXCL, 0o644) // want `unix.Open in shared temp dir with mode 0o644`
	unix.Open("/tmp/u", unix.O_RDONLY, 0o644)                        // ok
	unix.Openat(fd, "/tmp/u", unix.O_CREAT, 755)                     // want `decimal literal 755 `
	unix.Creat("/dev/shm/u", 0o600)                                  // ok
	unix.Mkdir("/tmp/d", 0o755)                                      // not reported: a predictable name, temppath's finding
	unix.Mkdirat(fd, "d", 0o755)                                     // ok: relative to fd
}
