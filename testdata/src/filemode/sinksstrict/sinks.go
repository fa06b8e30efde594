package sinksstrict

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func fifoElsewhere(name string) {
	syscall.Mkfifo(filepath.Join(os.Getenv("HOME"), ".app.fifo"), 0o666) // want `syscall.Mkfifo with mode 0o666, wider than the policy 0o600, makes the FIFO writable by any local user unless the umask narrows it: use 0o600`
	syscall.Mkfifo(name, 0o600)                                          // ok: within the policy
}

func socketInherited() {
	net.Listen("unix", "/tmp/app.sock") // want `net.Listen creates a unix socket in shared temp dir with mode 0777 less the inherited umask: with a umask such as 0o002 or 0 other users can connect to it; create it in a directory from os.MkdirTemp \(0700\)`
}

func socketConditional(cond bool) {
	if cond {
		syscall.Umask(0o077)
	}
	net.Listen("unix", "/tmp/app.sock") // want `net.Listen creates a unix socket in shared temp dir with mode 0777 less the inherited umask`
}

func socketPrivateUmask() {
	syscall.Umask(0o077)
	net.Listen("unix", "/tmp/app.sock") // ok: the umask keeps others out
	syscall.Umask(0o022)
}

func socketPrivateDir(t *testing.T) {
	net.Listen("unix", filepath.Join(t.TempDir(), "app.sock")) // ok: a private directory
	net.Listen("unix", "/run/user/1000/app.sock")              // ok: not in shared temp
}
