package sinks

import (
	"context"
	"fmt"
	"math/rand"
	"net"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

func fifos(name string) {
	syscall.Mkfifo("/tmp/app.fifo", 0o600)                                   // want `syscall.Mkfifo at a predictable name in shared temp dir: another local user can create the name first or plant a symlink, and read or feed the data; create the FIFO in a directory from os.MkdirTemp`
	unix.Mkfifo(filepath.Join(os.TempDir(), fmt.Sprint(os.Getpid())), 0o600) // want `unix.Mkfifo at a predictable name`
	unix.Mkfifoat(unix.AT_FDCWD, "/var/tmp/app.fifo", 0o600)                 // want `unix.Mkfifoat at a predictable name`
	syscall.Mknod("/tmp/app.fifo", syscall.S_IFIFO|0o600, 0)                 // want `syscall.Mknod at a predictable name`
	unix.Mknodat(unix.AT_FDCWD, "/dev/shm/app.fifo", unix.S_IFIFO|0o600, 0)  // want `unix.Mknodat at a predictable name`
	syscall.Mkfifo(fmt.Sprintf("/tmp/app-%d.fifo", rand.Int()), 0o600)       // ok: random
	syscall.Mkfifo(filepath.Join(os.TempDir(), name), 0o600)                 // ok: the caller's name
	syscall.Mkfifo("/run/app.fifo", 0o600)                                   // ok: not shared temp
	dir, err := os.MkdirTemp("", "app-*")
	if err != nil {
		return
	}
	defer os.RemoveAll(dir)
	syscall.Mkfifo(filepath.Join(dir, "app.fifo"), 0o600) // ok: a private directory
}

func sockets(ctx context.Context, name, network string, fd int) {
	net.Listen("unix", "/tmp/app.sock")                                       // want `net.Listen at a predictable name in shared temp dir: another local user can bind it first and impersonate the server to its clients, or plant a file to stop it; create the socket in a directory from os.MkdirTemp, or under \$XDG_RUNTIME_DIR`
	net.Listen("unixpacket", filepath.Join(os.TempDir(), "app.sock"))         // want `net.Listen at a predictable name`
	net.ListenPacket("unixgram", "/tmp/app.dgram")                            // want `net.ListenPacket at a predictable name`
	net.ListenUnix("unix", &net.UnixAddr{Name: "/tmp/app.sock", Net: "unix"}) // want `net.ListenUnix at a predictable name`
	net.ListenUnixgram("unixgram", &net.UnixAddr{Name: "/tmp/app.dgram"})     // want `net.ListenUnixgram at a predictable name`
	addr, _ := net.ResolveUnixAddr("unix", filepath.Join(os.TempDir(), "r.sock"))
	net.ListenUnix("unix", addr) // want `net.ListenUnix at a predictable name`
	var lc net.ListenConfig
	lc.Listen(ctx, "unix", "/tmp/lc.sock")                         // want `\(\*net.ListenConfig\).Listen at a predictable name`
	syscall.Bind(fd, &syscall.SockaddrUnix{Name: "/tmp/raw.sock"}) // want `syscall.Bind at a predictable name`
	sa := &unix.SockaddrUnix{Name: fmt.Sprintf("/tmp/raw-%d.sock", os.Getuid())}
	unix.Bind(fd, sa)                                                 // want `unix.Bind at a predictable name`
	net.Listen("tcp", "/tmp/app.sock")                                // ok: not a unix socket (and not a valid address)
	net.Listen("tcp", "127.0.0.1:0")                                  // ok
	net.Listen(network, "127.0.0.1:0")                                // ok
	net.ListenPacket("udp", ":0")                                     // ok
	net.Listen("unix", "@abstract")                                   // ok: an abstract socket has no file
	net.Listen("unix", filepath.Join(os.TempDir(), name))             // ok: the caller's name
	net.Listen("unix", fmt.Sprintf("/tmp/app-%d.sock", rand.Int63())) // ok: random
	syscall.Bind(fd, &syscall.SockaddrInet4{Port: 80})                // ok: not a unix socket
	net.Dial("unix", "/tmp/peer.sock")                                // ok: connecting creates nothing
	dir, err := os.MkdirTemp("", "app-*")
	if err != nil {
		return
	}
	defer os.RemoveAll(dir)
	net.Listen("unix", filepath.Join(dir, "app.sock")) // ok: a private directory
}
