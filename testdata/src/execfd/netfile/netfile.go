// Package netfile: the File method of a listener or a connection returns a
// duplicate of its descriptor, which the parent must close after handing it
// to a child, as it would an opened file.
package netfile

import (
	"net"
	"os"
	"os/exec"
)

func listenerToChild(l *net.TCPListener) error {
	f, err := l.File()
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{f}
	return cmd.Run() // want `f is handed to the child but the parent does not close it after Run on some path: the parent keeps its copy of the descriptor open; close f right after Run`
}

func connToChild(c *net.UnixConn) error {
	f, err := c.File()
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdin = f
	if err := cmd.Start(); err != nil { // want `f is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	return cmd.Wait()
}

// Negative: closed after the start.
func closed(l *net.UnixListener) error {
	f, err := l.File()
	if err != nil {
		return err
	}
	defer f.Close()
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{f}
	return cmd.Run()
}

// Negative: a file the function did not make (os.Stdin-like, or given).
func given(f *os.File) error {
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{f}
	return cmd.Run()
}
