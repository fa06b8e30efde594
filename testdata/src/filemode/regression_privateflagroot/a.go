// Package regression_privateflagroot pins a false positive found in a
// container runtime: a socket chmodded 0o777 below a state root that the
// program makes 0o700, where the root reaches the socket's path only as a
// global option read again by name (the same option passed to another
// package's function that makes it private), joined, and kept in a field.
// Other users cannot search the root. The same socket under an option that
// nothing makes private is reported.
package regression_privateflagroot

import (
	"net"
	"os"
	"path/filepath"

	"filemode/regression_privateflagroot/settings"
	"filemode/regression_privateflagroot/state"
)

// createEntry hands the root option to state.Create, which makes it 0o700.
func createEntry(ctx *settings.Context, id string) error {
	root := ctx.GlobalString("root")
	return state.Create(root, id)
}

type notifySocket struct {
	socketPath string
}

func newNotifySocket(ctx *settings.Context, id string) *notifySocket {
	root := filepath.Join(ctx.GlobalString("root"), id)
	socketPath := filepath.Join(root, "notify", "notify.sock")
	return &notifySocket{socketPath: socketPath}
}

// The socket is for the container's uid, under the private root: strict-only.
func (s *notifySocket) bind() error {
	addr := net.UnixAddr{Name: s.socketPath, Net: "unixgram"}
	conn, err := net.ListenUnixgram("unixgram", &addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	return os.Chmod(s.socketPath, 0o777)
}

// loadEntry reads under the spool option, which nothing makes private.
func loadEntry(ctx *settings.Context, id string) ([]byte, error) {
	return state.Load(ctx.GlobalString("spool"), id)
}

type spoolSocket struct {
	path string
}

func newSpoolSocket(ctx *settings.Context, id string) *spoolSocket {
	dir := filepath.Join(ctx.GlobalString("spool"), id)
	return &spoolSocket{path: filepath.Join(dir, "in", "spool.sock")}
}

// The same socket under a root nobody makes private: reported.
func (s *spoolSocket) bind() error {
	addr := net.UnixAddr{Name: s.path, Net: "unixgram"}
	conn, err := net.ListenUnixgram("unixgram", &addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	return os.Chmod(s.path, 0o777) // want `any local user can connect to the socket`
}
