// Package branches holds files handed to a child on some branches only:
// a start on a branch the file's creation never reaches runs the child
// without it (cri-o's ExecContainer, tty or pipe).
package branches

import (
	"io"
	"os"
	"os/exec"
)

func runTTY(c *exec.Cmd) error {
	if err := c.Start(); err != nil {
		return err
	}
	return c.Wait()
}

// The fixed shape: the pipe exists only on the else branch, its read end
// is closed after the start there, and is nil when there is no stdin.
func execFixed(tty bool, stdin io.Reader) error {
	cmd := exec.Command("runc", "exec")
	var cmdErr, copyErr error
	if tty {
		cmdErr = runTTY(cmd) // ok: no pipe on this branch
	} else {
		var r, w *os.File
		if stdin != nil {
			var err error
			r, w, err = os.Pipe()
			if err != nil {
				return err
			}
			cmd.Stdin = r
			go func() {
				_, copyErr = io.Copy(w, stdin)
				w.Close()
			}()
		}
		if err := cmd.Start(); err != nil { // ok: r is closed below, or nil
			return err
		}
		if r != nil {
			r.Close()
		}
		cmdErr = cmd.Wait()
	}
	if copyErr != nil {
		return copyErr
	}
	return cmdErr
}

// The buggy shape: the read end is never closed in the parent.
func execLeaks(tty bool, stdin io.Reader) error {
	cmd := exec.Command("runc", "exec")
	if tty {
		return runTTY(cmd) // ok: no pipe on this branch
	}
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd.Stdin = r
	go func() {
		io.Copy(w, stdin)
		w.Close()
	}()
	return cmd.Run() // want `r is handed to the child but the parent does not close it after Run`
}

// A pipe made before the branch reaches both starts.
func bothBranches(tty bool) error {
	cmd := exec.Command("x")
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer w.Close()
	cmd.Stdin = r
	if tty {
		return runTTY(cmd) // want `r is handed to the child but the parent does not close it`
	}
	err = cmd.Start()
	r.Close()
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// Closing the pipe end the function made cannot fail: the return on its
// error is no path that leaves the child unwaited.
func closeChecked(stdin io.Reader) error {
	cmd := exec.Command("x")
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd.Stdin = r
	go func() {
		io.Copy(w, stdin)
		w.Close()
	}()
	if err := cmd.Start(); err != nil { // ok: the Close below cannot fail
		return err
	}
	if err := r.Close(); err != nil {
		return err
	}
	return cmd.Wait()
}

// Any other error return after the start leaves the child unwaited.
func otherError(stdin io.Reader, check func() error) error {
	cmd := exec.Command("x")
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd.Stdin = r
	go func() {
		io.Copy(w, stdin)
		w.Close()
	}()
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	r.Close()
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}
