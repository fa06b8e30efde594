// Package regression_privateancestor pins a false positive found in runc:
// a FIFO (or socket) made world-writable several levels below a root that
// the package makes 0700, reached through a constructor's parameter, a
// join and a struct field. Other users cannot search the root, and the
// wide mode is for another uid of the program (runc init after setuid).
// The same node under a root made 0755, or under a root nothing in the
// package makes private, is reported.
package regression_privateancestor

import (
	"net"
	"os"
	"path/filepath"

	securejoin "github.com/cyphar/filepath-securejoin"
	"golang.org/x/sys/unix"
)

const fifoFile = "exec.fifo"

type container struct {
	stateDir string
}

// create makes root private, and the container's own directory in it.
func create(root, id string) (*container, error) {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, err
	}
	stateDir, err := securejoin.SecureJoin(root, id)
	if err != nil {
		return nil, err
	}
	if err := os.Mkdir(stateDir, 0o711); err != nil {
		return nil, err
	}
	return &container{stateDir: stateDir}, nil
}

// load finds an existing container: the same tree.
func load(root, id string) *container {
	return &container{stateDir: filepath.Join(root, id)}
}

func (c *container) createFifo() error {
	fifoName := filepath.Join(c.stateDir, fifoFile)
	if err := unix.Mkfifo(fifoName, 0o622); err != nil {
		return err
	}
	return os.Chmod(fifoName, 0o622)
}

type server struct {
	dir string
}

// newServer makes its directory world-searchable.
func newServer(base string) *server {
	os.MkdirAll(base, 0o755)
	return &server{dir: filepath.Join(base, "s")}
}

func (s *server) listen() error {
	sock := filepath.Join(s.dir, "ctl.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	defer l.Close()
	return os.Chmod(sock, 0o777) // want `any local user can connect to the socket`
}

type spool struct {
	dir string
}

// The root comes from the caller: nothing here makes it private.
func newSpool(root string) *spool {
	return &spool{dir: filepath.Join(root, "spool")}
}

func (s *spool) fifo() error {
	name := filepath.Join(s.dir, "in")
	if err := unix.Mkfifo(name, 0o600); err != nil {
		return err
	}
	return os.Chmod(name, 0o666) // want `any local user can open the FIFO for writing`
}

type notifier struct {
	socketPath string
}

// The socket is bound through a net.UnixAddr and chmodded by the field:
// a chmod of a socket, worded for connect, with the trade-off in the hint.
func (n *notifier) bind() error {
	addr := net.UnixAddr{Name: n.socketPath, Net: "unixgram"}
	conn, err := net.ListenUnixgram("unixgram", &addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	return os.Chmod(n.socketPath, 0o777) // want `any local user can connect to the socket; if only this user's processes must reach it, use 0o700, otherwise keep it in a directory whose mode admits just the users meant to`
}
