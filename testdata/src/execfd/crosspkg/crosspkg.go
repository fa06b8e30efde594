// Package crosspkg uses the helpers of crosspkglib: execfd knows from their
// facts which borrow, which wait, which take, and which create (issue 9).
package crosspkg

import (
	"os"
	"os/exec"
	"syscall"

	"execfd/crosspkglib"
)

// A borrowing helper of another package keeps the duty with the caller.
func borrowedCmd() error {
	cmd := exec.Command("child")
	crosspkglib.Configure(cmd, "/")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

// A helper of another package that waits is a Wait.
func waitedByHelper() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil {
		return err
	}
	crosspkglib.WaitQuietly(cmd)
	return nil
}

// A read through a helper of another package borrows the pipe end: the
// parent still holds w when it reads r.
func readThroughHelper() ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r`
		w.Close()
		return nil, err
	}
	defer cmd.Wait()
	defer w.Close()
	return crosspkglib.ReadAll(r)
}

// A helper of another package that keeps the file takes it.
func takenByHelper() error {
	f, err := os.Open("/dev/null")
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdin = f
	if err := cmd.Start(); err != nil {
		return err
	}
	crosspkglib.CloseLater(f)
	return cmd.Wait()
}

// A creator of another package: the caller owns the fresh command.
func createdElsewhere() error {
	cmd := crosspkglib.Git("/", "status")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

func createdElsewhereWaited() error {
	cmd := crosspkglib.Git("/", "status")
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Wait()
}

// A tracer of another package reaps the child with wait4 on its pid.
func tracedElsewhere() error {
	cmd := exec.Command("child")
	return crosspkglib.Trace(cmd)
}

// So does wait4 on the pid here.
func reapedHere() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil {
		return err
	}
	var ws syscall.WaitStatus
	_, err := syscall.Wait4(cmd.Process.Pid, &ws, 0, nil)
	return err
}

// Wait4 on another pid does not reap this child.
func reapedOther(pid int) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	var ws syscall.WaitStatus
	_, err := syscall.Wait4(pid, &ws, 0, nil)
	return err
}
