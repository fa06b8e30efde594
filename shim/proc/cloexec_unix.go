//go:build unix

package proc

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// closeOnExecListed marks close-on-exec every descriptor above 2 listed in
// dir (/proc/self/fd, /dev/fd).
func closeOnExecListed(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	for _, n := range names {
		fd, err := strconv.Atoi(n)
		if err != nil || fd <= 2 {
			continue
		}
		if fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err == nil && fl&unix.FD_CLOEXEC == 0 {
			unix.FcntlInt(uintptr(fd), unix.F_SETFD, fl|unix.FD_CLOEXEC)
		}
	}
}
