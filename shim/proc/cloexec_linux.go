package proc

import "golang.org/x/sys/unix"

// closeOnExecAll marks every descriptor above 2 close-on-exec.
func closeOnExecAll() {
	if unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC) == nil {
		return
	}
	closeOnExecListed("/proc/self/fd")
}
