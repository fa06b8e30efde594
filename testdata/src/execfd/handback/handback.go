// Package handback starts children that it gives back to its caller on
// success: a return that drops one before that leaves it unwaited.
package handback

import (
	"bufio"
	"errors"
	"io"
	"os/exec"
)

// killedNotWaited kills the child on failure but never waits for it.
func killedNotWaited(path string, fail bool) (*exec.Cmd, error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path \(Process\.Kill and Signal do not reap it\): .*at this return, call cmd\.Process\.Kill then cmd\.Wait to stop it .*the returns that give it to the caller leave the wait to the caller$`
		return nil, err
	}
	if fail {
		cmd.Process.Kill()
		return nil, errors.New("handshake failed")
	}
	return cmd, nil
}

// dropped returns an error with the child running.
func dropped(path string, fail bool) (*exec.Cmd, error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: `
		return nil, err
	}
	if fail {
		return nil, errors.New("handshake failed")
	}
	return cmd, nil
}

type worker struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

func exchange(w *worker) error {
	if _, err := w.stdin.Write([]byte("init\n")); err != nil {
		return err
	}
	_, err := w.out.ReadString('\n')
	return err
}

func abort(w *worker) {
	w.stdin.Close()
	w.cmd.Process.Kill()
}

// workerStarting is git-lfs tq's WorkerStarting: the worker holds the
// command, and the failed handshake only kills it.
func workerStarting(path string) (*worker, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path \(Process\.Kill and Signal do not reap it\)`
		return nil, err
	}
	w := &worker{cmd, in, bufio.NewReader(out)}
	if err := exchange(w); err != nil {
		abort(w)
		return nil, err
	}
	return w, nil
}

func shutdown(w *worker) {
	w.stdin.Close()
	w.cmd.Process.Kill()
	w.cmd.Wait()
}

// workerShutDown waits for the child through a helper when the handshake
// fails.
func workerShutDown(path string) (*worker, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd, stdin: in, out: bufio.NewReader(out)}
	if err := exchange(w); err != nil {
		shutdown(w)
		return nil, err
	}
	return w, nil
}

// killedAndWaited stops the child before giving up.
func killedAndWaited(path string, fail bool) (*exec.Cmd, error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if fail {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, errors.New("handshake failed")
	}
	return cmd, nil
}

// alwaysReturned gives the child back on every return.
func alwaysReturned(path string, fail bool) (*exec.Cmd, error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if fail {
		return cmd, errors.New("handshake failed")
	}
	return cmd, nil
}

var workers []*worker

// registered hands the worker on before the failing return: not judged.
func registered(path string, fail bool) (*worker, error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd}
	workers = append(workers, w)
	if fail {
		return nil, errors.New("handshake failed")
	}
	return w, nil
}

// inClosure gives the worker to a function literal: not judged.
func inClosure(path string, fail bool, onExit func(func())) (*worker, error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd}
	onExit(func() { w.cmd.Wait() })
	if fail {
		return nil, errors.New("handshake failed")
	}
	return w, nil
}

func shutdownIfStarted(w *worker) error {
	if w.stdin == nil {
		return nil
	}
	return w.cmd.Wait()
}

// waitedOnSomePaths gives the worker to a helper that may return before
// its Wait.
func waitedOnSomePaths(path string, fail bool) (*worker, error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path`
		return nil, err
	}
	w := &worker{cmd: cmd}
	if fail {
		shutdownIfStarted(w)
		return nil, errors.New("handshake failed")
	}
	return w, nil
}
