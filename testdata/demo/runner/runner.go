// Package runner starts child processes; tmplint's execfd and cloexec
// analyzers check which descriptors the children inherit.
package runner

import (
	"io"
	"os"
	"os/exec"
)

// Output reads a child's stdout through a pipe, but keeps the write end
// open in the parent: the read below never sees EOF and hangs.
func Output(name string) ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	defer w.Close()
	cmd := exec.Command(name)
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // finding: execfd
		return nil, err
	}
	out, err := io.ReadAll(r)
	if werr := cmd.Wait(); err == nil {
		err = werr
	}
	return out, err
}

// OutputClosed closes the parent's copy right after Start: fine.
func OutputClosed(name string) ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd := exec.Command(name)
	cmd.Stdout = w
	err = cmd.Start()
	w.Close()
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(r)
	if werr := cmd.Wait(); err == nil {
		err = werr
	}
	return out, err
}
