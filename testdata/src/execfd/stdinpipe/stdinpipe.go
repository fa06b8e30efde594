// Package stdinpipe: the parent must close the write end of a child's
// stdin pipe before it waits, or a child that reads to EOF never exits.
package stdinpipe

import (
	"context"
	"io"
	"os/exec"
)

func neverClosed(data []byte) error {
	cmd := exec.Command("cat")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	in.Write(data)
	return cmd.Wait() // want `cmd.Wait is called while the parent still holds in, the write end of the child's stdin pipe, on some path: a child that reads its input to EOF never sees it and never exits, so Wait blocks forever \(Wait closes the pipe only after the child exits\); close in before cmd.Wait`
}

func deferredClose(data []byte) error {
	cmd := exec.Command("cat")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	defer in.Close()
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if _, err := in.Write(data); err != nil {
		return err
	}
	return cmd.Wait() // want `cmd.Wait is called while the parent still holds in`
}

func closedOnlyOnSuccess(data []byte) error {
	cmd := exec.Command("cat")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	if _, err := in.Write(data); err != nil {
		cmd.Wait() // want `cmd.Wait is called while the parent still holds in`
		return err
	}
	in.Close()
	return cmd.Wait()
}

func closed(data []byte) error {
	cmd := exec.Command("cat")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	in.Write(data)
	in.Close()
	return cmd.Wait() // ok
}

func writerGoroutine(r io.Reader) error {
	cmd := exec.Command("gzip")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	go func() {
		defer in.Close()
		io.Copy(in, r)
	}()
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Wait() // ok: the goroutine closes it
}

func handedToCloser(data []byte) error {
	cmd := exec.Command("cat")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	writeAndClose(in, data)
	return cmd.Wait() // ok
}

func writeAndClose(w io.WriteCloser, data []byte) {
	w.Write(data)
	w.Close()
}

func copiedOnly(r io.Reader) error {
	cmd := exec.Command("gzip")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	io.Copy(in, r)     // io.Copy takes an io.Writer: it cannot close in
	return cmd.Wait() // want `cmd.Wait is called while the parent still holds in`
}

// Under a context the child is killed when the context ends: Wait
// returns then.
func underContext(ctx context.Context, data []byte) error {
	cmd := exec.CommandContext(ctx, "cat")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	in.Write(data)
	return cmd.Wait() // ok
}

// never written: the child may not read its input at all.
func neverWritten() error {
	cmd := exec.Command("child")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	defer in.Close()
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Wait() // ok: nothing is fed to the child
}
