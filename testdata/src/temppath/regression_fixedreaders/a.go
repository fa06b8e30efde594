// Package regression_fixedreaders pins two wrong hints about fixed names
// (issue 26): "other code uses this fixed name" said where only the
// creating function uses it (containerd's fuzz test runs tar into the
// directory it just made, storage's tests compare a read-back path with
// the same literal), and "use os.MkdirTemp" said to a daemon whose log
// buffer under a fixed directory is read back after a restart
// (tailscale's /tmp/tailscale-logs).
package regression_fixedreaders

import (
	"os"
	"os/exec"
	"path/filepath"
)

const binDir = "/tmp/app-binaries"

// Only this function uses the name: a random one, kept in a variable,
// serves it as well.
func unpack(tarball string) error {
	if err := os.MkdirAll(binDir, 0o700); err != nil { // want `os.MkdirAll at a predictable name in shared temp dir \(const binDir at a.go:\d+\): another local user can pre-create it or plant a symlink; use os.MkdirTemp$`
		return err
	}
	return exec.Command("tar", "xf", tarball, "-C", binDir).Run()
}

// The same literal compared in the same function.
func readBack(resolve func(string) string) bool {
	if err := os.Mkdir("/tmp/app-readback", 0o700); err != nil { // want `os.Mkdir at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.MkdirTemp$`
		return false
	}
	return resolve("/tmp/app-readback") == "/tmp/app-readback"
}

const spool = "/tmp/app-spool"

// Another function reads the name: the fixed-name hint.
func makeSpool() error {
	return os.MkdirAll(spool, 0o700) // want `other code uses this fixed name, which a random one would break`
}

func drain() ([]os.DirEntry, error) { return os.ReadDir(spool) }

type buffer struct{ prefix string }

func openBuffer(prefix string) *buffer { return &buffer{prefix: prefix} }

// A daemon's log buffer under a fixed directory it never removes: the
// next run reads it back.
func attachLogs(name string) *buffer {
	prefix := filepath.Join("/var/lib/app", name)
	logs := "/tmp/app-logs"
	if err := os.MkdirAll(logs, 0o700); err == nil { // want `os.MkdirAll at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; the program finds this fixed directory again on its next run, which a random name would break: keep the name`
		prefix = filepath.Join(logs, name)
	}
	return openBuffer(prefix)
}

// A work directory removed at the end is not kept for the next run.
func work(name string) error {
	dir := "/tmp/app-work"
	if err := os.MkdirAll(dir, 0o700); err != nil { // want `os.MkdirAll at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.MkdirTemp$`
		return err
	}
	defer os.RemoveAll(dir)
	return exec.Command("make", "-C", filepath.Join(dir, name)).Run()
}
