// Package bindexisting: bind(2) at a name that exists fails (EADDRINUSE)
// rather than following a symlink planted there, so a socket's message
// says another user can bind or block the name, never that a symlink
// redirects it; a file's message does say symlink.
package bindexisting

import (
	"net"
	"os"
)

func serve() (net.Listener, error) {
	return net.Listen("unix", "/tmp/bindexisting.sock") // want `net.Listen at a predictable name in shared temp dir: another local user can bind it first and impersonate the server to its clients, or plant a file to stop it; create the socket`
}

func unixgram() (*net.UnixConn, error) {
	return net.ListenUnixgram("unixgram", &net.UnixAddr{Name: "/tmp/bindexisting.dgram", Net: "unixgram"}) // want `net.ListenUnixgram at a predictable name in shared temp dir: another local user can bind it first`
}

func file() error {
	return os.WriteFile("/tmp/bindexisting.txt", nil, 0o600) // want `plant a symlink`
}
