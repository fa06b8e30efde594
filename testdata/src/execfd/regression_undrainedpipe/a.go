// Package regression_undrainedpipe pins an unsafe hint found in
// containerd's archive tests and u-root's bzimage: a child that writes into
// a pipe the parent stops reading on an error path is stuck once the pipe
// is full, so a plain Wait there hangs: the hint is Kill then Wait. A
// child whose output goes elsewhere keeps the plain Wait.
package regression_undrainedpipe

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
)

func apply(r io.Reader) error { return errors.New("bad stream") }

// The StdoutPipe is read by apply; when apply fails, tar keeps writing.
func untar(dir string) error {
	cmd := exec.Command("tar", "-c", dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\), and the parent's ends of its pipes stay open unless the code closes them itself; at the returns that leave it unwaited, call cmd.Process.Kill then cmd.Wait \(a plain Wait blocks while the child is stuck writing to a pipe nothing drains\), or go cmd.Wait\(\) if it must keep running`
		return err
	}
	if err := apply(out); err != nil {
		return err
	}
	return cmd.Wait()
}

// The write end of an os.Pipe as Stdout: the same.
func decompress(dir string) error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command("xz", "-dc", dir)
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // want `call cmd.Process.Kill then cmd.Wait \(a plain Wait blocks`
		w.Close()
		return err
	}
	w.Close()
	if err := apply(r); err != nil {
		return err
	}
	return cmd.Wait()
}

// Output into a buffer: os/exec drains it, so the pipe cannot stall the
// child; the error return gives up on it, and the hint stops it there.
func buffered(dir string) error {
	var buf bytes.Buffer
	cmd := exec.Command("ls", dir)
	cmd.Stdout = &buf
	if err := cmd.Start(); err != nil { // want `at this error return, call cmd.Process.Kill then cmd.Wait to stop it \(a plain Wait there blocks for as long as the child runs\)`
		return err
	}
	if err := apply(&buf); err != nil {
		return err
	}
	return cmd.Wait()
}
