package sinks

import (
	"net"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

func fifos(name string) {
	syscall.Mkfifo("/tmp/psub.fifo", 0o666)                              // want `syscall.Mkfifo in shared temp dir with mode 0o666 makes the FIFO writable by any local user: the umask may not narrow it; use 0o600`
	unix.Mkfifo(filepath.Join(os.TempDir(), "psub.fifo"), 0o644)         // want `unix.Mkfifo in shared temp dir with mode 0o644 makes the FIFO readable by any local user`
	unix.Mkfifoat(unix.AT_FDCWD, "/tmp/psub.fifo", 0o640)                // want `unix.Mkfifoat in shared temp dir with mode 0o640 makes the FIFO readable by its group`
	syscall.Mknod("/tmp/psub.fifo", syscall.S_IFIFO|0o666, 0)            // want `syscall.Mknod in shared temp dir with mode 0o666 makes the node writable by any local user`
	syscall.Mkfifo("/tmp/psub.fifo", 0o600)                              // ok: within the policy
	syscall.Mkfifo(filepath.Join(os.Getenv("HOME"), ".app.fifo"), 0o666) // ok: not shared temp (strict reports it)
	syscall.Mkfifo(name, 0o666)                                          // ok: the caller's path (strict reports it)
	dir, err := os.MkdirTemp("", "psub-*")
	if err != nil {
		return
	}
	defer os.RemoveAll(dir)
	syscall.Mkfifo(filepath.Join(dir, "psub.fifo"), 0o666) // ok: a private directory
}

func socketUmaskZero() {
	old := syscall.Umask(0)             // want `syscall.Umask\(0o0\) lets other-write through`
	net.Listen("unix", "/tmp/app.sock") // want `net.Listen creates the unix socket in shared temp dir with mode 0o777 \(0777 less the umask 0o000 set before it\): any local user can connect to it; create it in a directory from os.MkdirTemp \(0700\), or bind with the umask 0o077`
	syscall.Umask(old)
}

func socketDeferredRestore(fd int) {
	defer unix.Umask(unix.Umask(0o002))
	unix.Bind(fd, &unix.SockaddrUnix{Name: "/tmp/raw.sock"}) // want `unix.Bind creates the unix socket in shared temp dir with mode 0o775 \(0777 less the umask 0o002 set before it\): its group can connect to it`
}

func socketPrivateUmask() {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	net.Listen("unix", "/tmp/app.sock") // ok: the umask keeps others out
}

func socketRestored() {
	old := syscall.Umask(0) // strict only: restored by the next statement
	syscall.Umask(old)
	net.Listen("unix", "/tmp/app.sock") // ok in the default profile: the umask is the inherited one again
}

func socketConditional(cond bool) {
	if cond {
		syscall.Umask(0) // want `syscall.Umask\(0o0\) lets other-write through`
	}
	net.Listen("unix", "/tmp/app.sock") // ok in the default profile: the umask may be the inherited one
}

func socketInherited() {
	net.Listen("unix", "/tmp/app.sock") // ok in the default profile: the inherited umask is not known
}

func socketElsewhere() {
	syscall.Umask(0)                        // want `syscall.Umask\(0o0\) lets other-write through`
	net.Listen("unix", "/run/app/app.sock") // ok: not in shared temp
	net.Listen("tcp", ":0")                 // ok: no file
	dir, err := os.MkdirTemp("", "s-*")
	if err != nil {
		return
	}
	net.Listen("unix", filepath.Join(dir, "app.sock")) // ok: a private directory
}
