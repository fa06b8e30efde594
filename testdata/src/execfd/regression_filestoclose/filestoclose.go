// Package regression_filestoclose: pipe ends handed to a child and kept in
// a slice of files to close (issue 10, containerd's shim logging binary).
// The slice's release closes them: a deferred close of the slice's
// elements covers the returns it runs on, and a deferred close guarded by
// "retErr != nil" covers only the failure returns.
package regression_filestoclose

import (
	"os"
	"os/exec"
)

func closeFiles(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// The shim's shape: the deferred cleanup closes the slice only on error,
// and the success return keeps outR open in the parent.
func onErrorOnly() (_ *exec.Cmd, retErr error) {
	var filesToClose []*os.File
	defer func() {
		if retErr != nil {
			closeFiles(filesToClose...)
		}
	}()
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer outW.Close()
	filesToClose = append(filesToClose, outR)
	cmd := exec.Command("logger")
	cmd.ExtraFiles = append(cmd.ExtraFiles, outR)
	if err := cmd.Start(); err != nil { // want `outR is handed to the child but the parent does not close it after Start on some path: the parent keeps its copy of the descriptor open; close outR right after Start` `cmd\.Start succeeds but the child is not waited on some path: .*the returns that give it to the caller leave the wait to the caller`
		return nil, err
	}
	if _, err := outW.Write([]byte("ready")); err != nil {
		return nil, err // ok: the deferred cleanup closes outR
	}
	return cmd, nil
}

// The same, with the success path closing the parent's copy.
func onErrorAndAfterStart() (_ *exec.Cmd, retErr error) {
	var filesToClose []*os.File
	defer func() {
		if retErr != nil {
			closeFiles(filesToClose...)
		}
	}()
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer outW.Close()
	filesToClose = append(filesToClose, outR)
	cmd := exec.Command("logger")
	cmd.ExtraFiles = append(cmd.ExtraFiles, outR)
	if err := cmd.Start(); err != nil { // want `cmd\.Start succeeds but the child is not waited on some path: .*the returns that give it to the caller leave the wait to the caller`
		return nil, err
	}
	if _, err := outW.Write([]byte("ready")); err != nil {
		return nil, err // ok: the deferred cleanup closes outR
	}
	outR.Close()
	return cmd, nil
}

// A deferred loop over the slice, not guarded, covers every return.
func deferredLoop() error {
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer w.Close()
	files = append(files, r)
	cmd := exec.Command("reader")
	cmd.Stdin = r
	if err := cmd.Start(); err != nil { // ok: the deferred loop closes r
		return err
	}
	w.Write([]byte("x"))
	return cmd.Wait()
}

// A slice of structs holding the pipe ends, closed by a deferred loop
// over the elements' fields.
type pipe struct{ r, w *os.File }

func structSlice() error {
	var pipes []pipe
	defer func() {
		for _, p := range pipes {
			p.r.Close()
			p.w.Close()
		}
	}()
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	pipes = append(pipes, pipe{r: r, w: w})
	cmd := exec.Command("reader")
	cmd.Stdin = r
	if err := cmd.Start(); err != nil { // ok: the deferred loop closes p.r
		return err
	}
	return cmd.Wait()
}

// The slice is kept but nothing closes its elements: the append is not a
// hand-off.
func sliceNeverClosed() error {
	var files []*os.File
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer w.Close()
	files = append(files, r)
	cmd := exec.Command("reader")
	cmd.Stdin = r
	if err := cmd.Start(); err != nil { // want `r is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	_ = len(files)
	return cmd.Wait()
}

// Appended after the start to a slice that is returned: the caller owns
// the slice and closes its elements.
func returnedAfterStart() ([]*os.File, error) {
	var files []*os.File
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer w.Close()
	cmd := exec.Command("reader")
	cmd.Stdin = r
	if err := cmd.Start(); err != nil { // ok: returned in the slice
		return nil, err
	}
	files = append(files, r)
	return files, cmd.Wait()
}

// Appended after the start to a slice that nothing closes: a return after
// the append still leaves r open.
func appendedAfterStartDropped() error {
	var files []*os.File
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer w.Close()
	cmd := exec.Command("reader")
	cmd.Stdin = r
	if err := cmd.Start(); err != nil { // want `r is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	files = append(files, r)
	_ = len(files)
	return cmd.Wait()
}
