// Package nodeinprivatedir_strict is nodeinprivatedir under -strict: the
// chmods inside private directories are reported too.
package nodeinprivatedir_strict

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
)

func mkdirPrivate(dir string) error {
	if err := os.Mkdir(dir, 0o700); err != nil {
		return err
	}
	sock := filepath.Join(dir, "ctl.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	defer l.Close()
	return os.Chmod(sock, 0o777) // want `any local user can connect to the socket`
}

func mkdirTemp() error {
	dir, err := os.MkdirTemp("/run", "app-") // want `os.MkdirTemp leaves the mode implicit`
	if err != nil {
		return err
	}
	sock := dir + "/ctl.sock"
	l, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	defer l.Close()
	return os.Chmod(sock, 0o777) // want `os.Chmod to mode 0o777, wider than the policy 0o700`
}

func chmodPrivate(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil { // want `os.MkdirAll with mode 0o755, wider than the policy`
		return err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return err
	}
	fifo := filepath.Join(dir, "events")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		return err
	}
	return os.Chmod(fifo, 0o666) // want `any local user can open the FIFO for writing`
}

// mkdirAll: MkdirAll of a directory that exists already does nothing, so
// its mode proves nothing.
func mkdirAll(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	sock := filepath.Join(dir, "ctl.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	defer l.Close()
	return os.Chmod(sock, 0o777) // want `any local user can connect to the socket`
}

// sharedParent: the directory is made readable and searchable by all.
func sharedParent(dir string) error {
	if err := os.Mkdir(dir, 0o755); err != nil { // want `os.Mkdir with mode 0o755, wider than the policy`
		return err
	}
	sock := filepath.Join(dir, "ctl.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	defer l.Close()
	return os.Chmod(sock, 0o777) // want `any local user can connect to the socket`
}

// otherDir: the private directory is not the socket's.
func otherDir(dir, run string) error {
	if err := os.Mkdir(dir, 0o700); err != nil {
		return err
	}
	sock := filepath.Join(run, "ctl.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	defer l.Close()
	return os.Chmod(sock, 0o777) // want `any local user can connect to the socket`
}

// bindPrivate: the umask opens the socket, but its directory in shared
// temp was made private here (Mkdir fails if another user made it first).
func bindPrivate() error {
	if err := os.Mkdir("/tmp/app", 0o700); err != nil {
		return err
	}
	old := syscall.Umask(0)                                             // want `lets other-write through`
	l, err := net.Listen("unix", filepath.Join("/tmp/app", "ctl.sock")) // want `creates the unix socket in shared temp dir with mode 0o777`
	syscall.Umask(old)
	if err != nil {
		return err
	}
	return l.Close()
}

// bindShared: the same bind straight into /tmp.
func bindShared() error {
	old := syscall.Umask(0)                       // want `lets other-write through`
	l, err := net.Listen("unix", "/tmp/ctl.sock") // want `creates the unix socket in shared temp dir with mode 0o777`
	syscall.Umask(old)
	if err != nil {
		return err
	}
	return l.Close()
}
