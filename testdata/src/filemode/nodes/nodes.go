// Package nodes holds chmods of unix sockets and FIFOs, whose write bit
// means connect, or open for writing, not modify.
package nodes

import (
	"net"
	"os"
	"syscall"
)

func serve(path string) error {
	l, err := net.Listen("unix", path)
	if err != nil {
		return err
	}
	defer l.Close()
	return os.Chmod(path, 0o777) // want `os.Chmod to world-writable mode 0o777: chmod is exact, no umask narrows it, so any local user can connect to the socket; if only this user's processes must reach it, use 0o700`
}

func fifo(path string) error {
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		return err
	}
	return os.Chmod(path, 0o666) // want `so any local user can open the FIFO for writing and feed its reader; if only this user's processes must reach it, use 0o600`
}

func file(path string) error {
	return os.Chmod(path, 0o666) // want `so any local user can modify it; use 0o664`
}
