// Package regression_genericcallees: a call of an instance of a generic
// helper of the package (explicit or inferred) reads the helper's own
// body, with its own parameters: a helper that reaps a pid with wait4, one
// that waits for or only kills the command of a holder it is given, and a
// generic type whose setter hands its files to a command and whose closer
// closes the parent's copies. A parameter typed by a type parameter is not
// judged. Positive and negative cases side by side.
package regression_genericcallees

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
)

// reapPid reaps the child whose pid it is given.
func reapPid[T any](pid int, tag T) error {
	var ws syscall.WaitStatus
	_, err := syscall.Wait4(pid, &ws, 0, nil)
	return err
}

// logPid only prints the pid.
func logPid[T any](pid int, tag T) error {
	_, err := fmt.Println(pid, tag)
	return err
}

// reapTagged reaps the pid given after the tag: the instance's parameters
// are matched to the body's by position.
func reapTagged[T any](tag T, pid int) error {
	var ws syscall.WaitStatus
	_, err := syscall.Wait4(pid, &ws, 0, nil)
	return err
}

func reapedByGeneric() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: reapPid waits for it
		return err
	}
	return reapPid(cmd.Process.Pid, "tag")
}

func reapedByExplicitInstance() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: reapTagged waits for it
		return err
	}
	return reapTagged[int](1, cmd.Process.Pid)
}

func onlyLogged() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited`
		return err
	}
	return logPid(cmd.Process.Pid, 1)
}

type worker struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

// shutdown kills and waits for the worker's child.
func shutdown[T any](w *worker, tag T) {
	w.stdin.Close()
	w.cmd.Process.Kill()
	w.cmd.Wait()
}

// abort only kills it.
func abort[T any](w *worker, tag T) {
	w.stdin.Close()
	w.cmd.Process.Kill()
}

// shutdownAny is given the worker as a value of its type parameter: what
// it does with it is not judged.
func shutdownAny[W any](w W) {
	fmt.Println(w)
}

func startWorker(path string) (*exec.Cmd, io.WriteCloser, *bufio.Reader, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	return cmd, in, bufio.NewReader(out), nil
}

func workerShutDown(path string, fail bool) (*worker, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil { // ok: shutdown waits for it on the failing return
		return nil, err
	}
	w := &worker{cmd: cmd, stdin: in}
	if fail {
		shutdown(w, 1)
		return nil, errors.New("handshake failed")
	}
	return w, nil
}

func workerAborted(path string, fail bool) (*worker, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path \(Process\.Kill and Signal do not reap it\)`
		return nil, err
	}
	w := &worker{cmd: cmd, stdin: in}
	if fail {
		abort[string](w, "handshake")
		return nil, errors.New("handshake failed")
	}
	return w, nil
}

func workerToTypeParam(path string, fail bool) (*worker, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil { // ok: the worker is handed on (its helper is not judged)
		return nil, err
	}
	w := &worker{cmd: cmd, stdin: in}
	if fail {
		shutdownAny(w)
		return nil, errors.New("handshake failed")
	}
	return w, nil
}

type pipe struct{ r, w *os.File }

// pipeIO is a generic type that hands the child out.w and err.w; its
// CloseAfterStart closes the parent's copies of them.
type pipeIO[T any] struct {
	out, err pipe
	tag      T
}

func (p *pipeIO[T]) Set(cmd *exec.Cmd) { // want Set:"paramUses"
	cmd.Stdout = p.out.w
	cmd.Stderr = p.err.w
}

func (p *pipeIO[T]) CloseAfterStart() error {
	for _, f := range []*os.File{p.out.w, p.err.w} {
		f.Close()
	}
	return nil
}

func notClosedAfterStart(p *pipeIO[int]) error {
	cmd := exec.Command("child")
	p.Set(cmd)
	if err := cmd.Start(); err != nil { // want `p.Set hands files of p \(a \*pipeIO\[T\]\) to the child, but the parent does not close its copies after Start on some path: the reader of each pipe never sees EOF while the parent holds its write end; call p.CloseAfterStart\(\) right after Start`
		return err
	}
	return cmd.Wait()
}

func closedAfterStart(p *pipeIO[string]) error {
	cmd := exec.Command("child")
	p.Set(cmd)
	if err := cmd.Start(); err != nil { // ok: closed right after
		return err
	}
	p.CloseAfterStart()
	return cmd.Wait()
}
