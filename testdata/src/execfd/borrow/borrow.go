// Package borrow: passing a command or a file to a function of the package
// that only uses it keeps the duty with the caller; a function that waits,
// closes or keeps it takes it.
package borrow

import (
	"log"
	"os"
	"os/exec"
)

func configure(cmd *exec.Cmd) {
	cmd.Env = append(os.Environ(), "LANG=C")
	cmd.Dir = "/"
}

func logCommand(cmd *exec.Cmd) {
	log.Printf("running %v (pid %d)", cmd.Args, cmd.Process.Pid)
}

func borrowed(fail bool) error {
	cmd := exec.Command("child")
	configure(cmd)
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	logCommand(cmd)
	if fail {
		return nil
	}
	return cmd.Wait()
}

func waitFor(cmd *exec.Cmd) error {
	log.Print("waiting")
	return cmd.Wait()
}

func takenByWaiter() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: waitFor waits
		return err
	}
	return waitFor(cmd)
}

var tracked []*exec.Cmd

func track(cmd *exec.Cmd) { tracked = append(tracked, cmd) }

func takenByStore() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: track keeps it
		return err
	}
	track(cmd)
	return nil
}

// The file is handed to the child; writeHeader only writes to it.
func writeHeader(f *os.File) { f.WriteString("header\n") }

func fileBorrowed() error {
	out, err := os.Create("/var/log/child.log")
	if err != nil {
		return err
	}
	writeHeader(out)
	cmd := exec.Command("child")
	cmd.Stdout = out
	if err := cmd.Start(); err != nil { // want `out is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	return cmd.Process.Release()
}

func closeLog(f *os.File) { f.Close() }

func fileClosed() error {
	out, err := os.Create("/var/log/child.log")
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdout = out
	if err := cmd.Start(); err != nil { // ok: closeLog closes it
		closeLog(out)
		return err
	}
	closeLog(out)
	return cmd.Process.Release()
}
