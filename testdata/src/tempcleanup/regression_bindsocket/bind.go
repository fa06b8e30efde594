// Package regression_bindsocket: a unix socket bound at a temp object's
// name (go-plugin's serverListener_unix makes a temp file, removes it and
// listens at its name) or inside a temp directory keeps the name in use
// after the function returns. The hint must never remove it there: a
// deferred os.Remove would delete the live socket.
package regression_bindsocket

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
)

// listenAtTempName is serverListener_unix with a written temp file: the
// write's error path leaks the file. The listener returned on success owns
// the name (it unlinks the socket on Close), so the removal goes on the
// error paths only.
func listenAtTempName(dir string) (net.Listener, error) {
	tf, err := os.CreateTemp(dir, "plugin") // want `temp file tf from os.CreateTemp is returned to the caller but not removed on the return that leaks it, so it stays on disk there: remove it there only: name the error result err and defer func\(\) \{ if err != nil \{ os.Remove\(tf.Name\(\)\) \} \}\(\) right after the error check`
	if err != nil {
		return nil, err
	}
	path := tf.Name()
	if _, err := tf.WriteString("x"); err != nil {
		return nil, err
	}
	tf.Close()
	if err := os.Remove(path); err != nil {
		return nil, err
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	return l, nil
}

// listenAndClose: the listener is closed here, which unlinks the socket:
// the name never outlives the function, so the deferred removal is right.
func listenAndClose(dir string) error {
	tf, err := os.CreateTemp(dir, "probe") // want `temp file tf from os.CreateTemp is not removed on every path, so it stays on disk: defer os.Remove\(tf.Name\(\)\) right after the error check`
	if err != nil {
		return err
	}
	path := tf.Name()
	if _, err := tf.WriteString("x"); err != nil {
		return err
	}
	tf.Close()
	os.Remove(path)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return err
	}
	defer l.Close()
	return nil
}

// socketInDir binds inside a temp directory and returns the listener: the
// listener unlinks its socket, never the directory, so the directory
// leaks on every path, the success path included; and no removal may go
// where the listener still needs it.
func socketInDir() (net.Listener, error) {
	dir, err := os.MkdirTemp("", "sock-") // want `temp directory dir from os.MkdirTemp is still in use when the function returns but not removed on any path, so it stays on disk: remove it at the exits reached before it is put in use, and once what uses it is done after that`
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("unix", filepath.Join(dir, "s"))
	if err != nil {
		return nil, err
	}
	return l, nil
}

// socketInDirKept: the directory is returned with the listener; whoever
// gets both removes it.
func socketInDirKept() (net.Listener, string, error) {
	dir, err := os.MkdirTemp("", "sock-")
	if err != nil {
		return nil, "", err
	}
	l, err := net.Listen("unix", filepath.Join(dir, "s"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	return l, dir, nil
}

// socketInDirClosed: the listener lives only here, and the directory is
// removed on every path.
func socketInDirClosed() error {
	dir, err := os.MkdirTemp("", "sock-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	l, err := net.Listen("unix", filepath.Join(dir, "s"))
	if err != nil {
		return err
	}
	defer l.Close()
	return nil
}

// rawBind binds a descriptor at the temp name and returns it: closing a
// descriptor unlinks nothing, so the name is still in use but nobody
// removes it.
func rawBind() (int, error) {
	tf, err := os.CreateTemp("", "raw") // want `temp file tf from os.CreateTemp is still in use when the function returns but not removed on any path`
	if err != nil {
		return -1, err
	}
	name := tf.Name()
	tf.WriteString("x")
	tf.Close()
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return -1, err
	}
	if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: name}); err != nil {
		return -1, err
	}
	return fd, nil
}

// fifo: a FIFO made at the temp name is the object now; removing the name
// removes it, and the deferred removal is right.
func fifo() error {
	tf, err := os.CreateTemp("", "fifo") // want `temp file tf from os.CreateTemp is not removed on any path, so it stays on disk: defer os.Remove\(tf.Name\(\)\) right after the error check`
	if err != nil {
		return err
	}
	name := tf.Name()
	tf.WriteString("x")
	tf.Close()
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		return err
	}
	return nil
}
