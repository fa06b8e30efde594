// Package fixedname: a predictable name in shared temp that other code
// reads (a client dials the socket, an uploader reads the directory,
// another package reads the file) is not told to become random, which
// would break those readers; a name only its creation uses is.
package fixedname

import (
	"fmt"
	"net"
	"os"
	"path/filepath"

	"temppath/fixednamelib"
)

const sock = "/tmp/app.sock"

func serve() (net.Listener, error) {
	return net.Listen("unix", sock) // want `net.Listen at a predictable name in shared temp dir .*; other code uses this fixed name, which a random one would break: keep the name but put the socket under a directory only this user can write`
}

func dial() (net.Conn, error) { return net.Dial("unix", sock) }

const logDir = "/tmp/app-logs"

func logs() error {
	return os.MkdirAll(logDir, 0o700) // want `os.MkdirAll at a predictable name in shared temp dir .*; other code uses this fixed name, .* or check with os.Lstat after creating it that this user owns it and it is not a symlink`
}

func upload() ([]os.DirEntry, error) { return os.ReadDir(logDir) }

func resolv(data []byte) error {
	return os.WriteFile(fixednamelib.ResolvConf, data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir \(.*\): .*; other code uses this fixed name`
}

const cache = "/tmp/app.cache"

// cacheOnly: only the creations use the name.
func cacheOnly(data []byte) error {
	if err := os.WriteFile(cache, data, 0o600); err != nil { // want `os.WriteFile at a predictable name in shared temp dir \(const cache at fixed.go:\d+\): another local user can pre-create it or plant a symlink; use os.CreateTemp`
		return err
	}
	return os.WriteFile(cache, data, 0o600) // want `os.WriteFile at a predictable name`
}

// A client dials the same literal path.
func serveLiteral() (net.Listener, error) {
	return net.Listen("unix", "/tmp/literal.sock") // want `net.Listen at a predictable name in shared temp dir: .*; other code uses this fixed name`
}

func dialLiteral() (net.Conn, error) { return net.Dial("unix", "/tmp/literal.sock") }

// Another directory's file of the same base name is not the same name.
func hosts() error {
	return os.Symlink("/etc/hosts", "/tmp/hosts") // want `os.Symlink at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; create it in a directory from os.MkdirTemp`
}

// The program's name is not a reader of $TMPDIR/fixedname (lazygit).
func appDir() error {
	return os.MkdirAll(filepath.Join(os.TempDir(), "fixedname"), 0o700) // want `os.MkdirAll at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.MkdirTemp`
}

func appName() string { return "fixedname" }

var seq int

// A package-level counter that numbers the file is not the fixed path
// (incus's screenshot, named by the instance's id).
func screenshot() error {
	seq++
	_, err := os.Create(fmt.Sprintf("/tmp/screenshot_%d", seq)) // want `os.Create at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.CreateTemp`
	return err
}

func other() int { return seq }
