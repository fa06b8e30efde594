package detached

import (
	"io"
	"os"
	"os/exec"
)

func daemon() error {
	cmd := exec.Command("daemon")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil { // want `the child started by cmd.Start is released with Process.Release but its cmd.Stdout is the parent's os.Stdout: if it outlives the parent it keeps the parent's output open, so whoever reads that output waits for the child too; give the detached child its own files \(a log file, or os.DevNull where its output is not needed\)`
		return err
	}
	return cmd.Process.Release()
}

func neverWaited() error {
	cmd := exec.Command("daemon")
	cmd.Stderr = os.Stderr
	return cmd.Start() // want `the child started by cmd.Start is never waited in this function but its cmd.Stderr is the parent's os.Stderr`
}

func stdin() error {
	cmd := &exec.Cmd{Path: "/bin/daemon", Stdin: os.Stdin}
	return cmd.Start() // want `its cmd.Stdin is the parent's os.Stdin: it competes with the parent for its input, and keeps that input open if it outlives the parent`
}

func waited() error {
	cmd := exec.Command("tool")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return cmd.Run() // ok: the parent waits
}

func startThenWait() error {
	cmd := exec.Command("tool")
	cmd.Stdout = os.Stdout
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	return cmd.Wait()
}

func devNull() error {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer null.Close()
	cmd := exec.Command("daemon")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = null, null, null
	if err := cmd.Start(); err != nil { // ok: its own files
		return err
	}
	return cmd.Process.Release()
}

func returned() (*exec.Cmd, error) {
	cmd := exec.Command("daemon")
	cmd.Stdout = os.Stdout
	return cmd, cmd.Start() // ok: the caller may wait
}

func startProcess() error {
	p, err := os.StartProcess("/bin/daemon", []string{"daemon"}, &os.ProcAttr{Files: []*os.File{os.Stdin, os.Stdout, os.Stderr}}) // want `the child started by os.StartProcess is released with Release but inherits the parent's os.Stdout`
	if err != nil {
		return err
	}
	return p.Release()
}

func startProcessWaited() error {
	p, err := os.StartProcess("/bin/tool", []string{"tool"}, &os.ProcAttr{Files: []*os.File{os.Stdin, os.Stdout, os.Stderr}}) // ok
	if err != nil {
		return err
	}
	_, err = p.Wait()
	return err
}

// A monitor reads the parent's pipe and ends with the parent
// (runtime/debug's ExampleSetCrashOutput_monitor).
func monitor() (io.WriteCloser, error) {
	cmd := exec.Command("monitor")
	cmd.Stderr = os.Stderr
	cmd.Stdout = os.Stderr
	pipe, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil { // ok
		return nil, err
	}
	return pipe, nil
}

// The start is expected to fail; success stops the test
// (syscall's TestExecErrPermutedFds).
func expectFailure(fatal func(string)) {
	attr := &os.ProcAttr{Files: []*os.File{os.Stdin, os.Stderr, os.Stdout}}
	_, err := os.StartProcess("/", []string{"/"}, attr) // ok
	if err == nil {
		fatal("started")
		panic("unreachable")
	}
}

func discarded() {
	os.StartProcess("/bin/daemon", nil, &os.ProcAttr{Files: []*os.File{nil, os.Stdout, os.Stderr}}) // want `the child started by os.StartProcess is never waited in this function but inherits the parent's os.Stdout`
}
