//go:build unix && !linux

package proc

// closeOnExecAll marks every descriptor above 2 close-on-exec.
func closeOnExecAll() { closeOnExecListed("/dev/fd") }
