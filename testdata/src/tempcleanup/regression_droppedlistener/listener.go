// Package regression_droppedlistener: a unix listener bound at a temp
// object's name (go-plugin's serverListener_unix removes its temp file to
// make room for the socket) owns the socket file from its bind on: a
// return that drops it unclosed leaves the socket file on disk, even
// though the temp file itself was removed.
package regression_droppedlistener

import (
	"errors"
	"net"
	"os"
)

func setGroupWritable(path, group string) error {
	if group == "" {
		return errors.New("no group")
	}
	return os.Chown(path, 0, 1000)
}

// rmListener removes the socket file on Close, as go-plugin's does.
type rmListener struct {
	net.Listener
	path string
}

func (l *rmListener) Close() error {
	l.Listener.Close()
	return os.Remove(l.path)
}

// dropped is go-plugin's serverListener_unix: the return after a failed
// setGroupWritable drops l.
func dropped(socketDir, group string) (net.Listener, error) {
	tf, err := os.CreateTemp(socketDir, "plugin")
	if err != nil {
		return nil, err
	}
	path := tf.Name()
	if err := tf.Close(); err != nil {
		return nil, err
	}
	if err := os.Remove(path); err != nil {
		return nil, err
	}
	l, err := net.Listen("unix", path) // want `unix listener l bound at the name of temp file tf is not closed on the return that drops it, so its socket file stays on disk: call l.Close\(\) before returning there \(it unlinks the socket file\)`
	if err != nil {
		return nil, err
	}
	if group != "" {
		if err := setGroupWritable(path, group); err != nil {
			return nil, err
		}
	}
	return &rmListener{l, path}, nil
}

// droppedUnix: the same with net.ListenUnix in the shared temp dir.
func droppedUnix(ok bool) (*net.UnixListener, error) {
	tf, err := os.CreateTemp("", "plugin")
	if err != nil {
		return nil, err
	}
	path := tf.Name()
	tf.Close()
	os.Remove(path)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"}) // want `unix listener l bound at the name of temp file tf is not closed`
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("refused")
	}
	return l, nil
}

// closedOnError closes the listener before the error return: Close
// unlinks the socket file.
func closedOnError(socketDir, group string) (net.Listener, error) {
	tf, err := os.CreateTemp(socketDir, "plugin")
	if err != nil {
		return nil, err
	}
	path := tf.Name()
	tf.Close()
	os.Remove(path)
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := setGroupWritable(path, group); err != nil {
		l.Close()
		return nil, err
	}
	return &rmListener{l, path}, nil
}

// removedOnError removes the socket file by its name before the error
// return.
func removedOnError(ok bool) (net.Listener, error) {
	tf, err := os.CreateTemp("", "plugin")
	if err != nil {
		return nil, err
	}
	path := tf.Name()
	tf.Close()
	os.Remove(path)
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if !ok {
		os.Remove(path)
		return nil, errors.New("refused")
	}
	return l, nil
}

// serveOnce defers the listener's Close right after the bind: every
// return closes it.
func serveOnce(ok bool) error {
	tf, err := os.CreateTemp("", "plugin")
	if err != nil {
		return err
	}
	path := tf.Name()
	tf.Close()
	os.Remove(path)
	l, err := net.Listen("unix", path)
	if err != nil {
		return err
	}
	defer l.Close()
	if !ok {
		return errors.New("refused")
	}
	return nil
}
