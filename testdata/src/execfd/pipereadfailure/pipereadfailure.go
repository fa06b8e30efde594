// Package pipereadfailure: a child left unwaited only on a return taken
// when io.ReadAll of its own StdoutPipe or StderrPipe fails is
// strict-only (issue 26: u-root bzimage's compress and execer); a read
// error of a pipe the parent closed, of another reader, or of a decoder
// over the pipe keeps the finding.
package pipereadfailure

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/ioutil"
	"os"
	"os/exec"
)

// compress is u-root's: the only unwaited return follows a failed read of
// the child's stdout pipe, which reports the child's exit as EOF.
func compress(b []byte) ([]byte, error) {
	c := exec.Command("xz", "--stdout")
	stdout, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c.Stdin = bytes.NewBuffer(b)
	if err := c.Start(); err != nil { // ok: strict-only
		return nil, err
	}
	dat, err := io.ReadAll(stdout)
	if err != nil {
		return nil, err
	}
	if err := c.Wait(); err != nil {
		return nil, err
	}
	return dat, nil
}

// execer reads stderr in the if's init, with ioutil.
func execer(w io.Writer, r io.Reader) error {
	cmd := exec.Command("unxz")
	cmd.Stdin = r
	cmd.Stdout = w
	stderrPipe, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	defer stderrPipe.Close()
	if err := cmd.Start(); err != nil { // ok: strict-only
		return err
	}
	if _, err := ioutil.ReadAll(stderrPipe); err != nil {
		return fmt.Errorf("reading stderr: %w", err)
	}
	return cmd.Wait()
}

// stderrContent returns when the child's output says it failed: a path any
// run can take (kardianos/service's launchctl check).
func stderrContent() error {
	cmd := exec.Command("launchctl", "load")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	slurp, _ := io.ReadAll(stderr)
	if len(slurp) > 0 {
		return fmt.Errorf("failed: %s", slurp)
	}
	out, err := io.ReadAll(stderr)
	if err != nil {
		return err
	}
	_ = out
	return cmd.Wait()
}

// decoded reads through a decoder: its error is the data's, and the child
// may still be writing, blocked on the full pipe.
func decoded() ([]byte, error) {
	cmd := exec.Command("producer")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return nil, err
	}
	zr, err := gzip.NewReader(stdout)
	if err != nil {
		return nil, err
	}
	dat, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	return dat, cmd.Wait()
}

// copied: io.Copy's error may be the writer's.
func copied(f *os.File) error {
	cmd := exec.Command("producer")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if _, err := io.Copy(f, stdout); err != nil {
		return err
	}
	return cmd.Wait()
}

// closedFirst closes its end before reading: the read fails with
// os.ErrClosed on every run.
func closedFirst() error {
	cmd := exec.Command("producer")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	stdout.Close()
	if _, err := io.ReadAll(stdout); err != nil {
		return err
	}
	return cmd.Wait()
}

// otherCommand reads the pipe of another command.
func otherCommand() error {
	first := exec.Command("producer")
	stdout, err := first.StdoutPipe()
	if err != nil {
		return err
	}
	if err := first.Start(); err != nil { // want `first.Start succeeds but the child is not waited on some path`
		return err
	}
	second := exec.Command("consumer")
	if err := second.Start(); err != nil { // want `second.Start succeeds but the child is not waited on some path`
		return err
	}
	if _, err := io.ReadAll(stdout); err != nil {
		return err
	}
	second.Wait()
	return first.Wait()
}
