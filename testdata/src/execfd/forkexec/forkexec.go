// Package forkexec: a child started with syscall.ForkExec or
// syscall.StartProcess is known by its pid alone, and only a wait4 on the
// pid reaps it. Positive and negative cases side by side.
package forkexec

import (
	"fmt"
	"log"
	"syscall"
)

var argv = []string{"true"}

func neverWaited() error {
	pid, err := syscall.ForkExec("/bin/true", argv, nil) // want `the child started by syscall.ForkExec is never waited: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); reap it with syscall.Wait4\(pid, &status, 0, nil\) once it is done`
	if err != nil {
		return err
	}
	log.Printf("started %d", pid)
	if pid > 0 {
		_ = pid
	}
	return nil
}

func killedOnly() error {
	pid, _, err := syscall.StartProcess("/bin/sleep", []string{"sleep", "100"}, nil) // want `the child started by syscall.StartProcess is never waited`
	if err != nil {
		return err
	}
	return syscall.Kill(pid, syscall.SIGKILL) // Kill does not reap
}

func dropped() error {
	_, err := syscall.ForkExec("/bin/true", argv, nil) // want `the pid of the child started by syscall.ForkExec is dropped, so nothing can wait for it`
	return err
}

// Negative: reaped with Wait4.
func waited() error {
	pid, err := syscall.ForkExec("/bin/true", argv, nil) // ok
	if err != nil {
		return err
	}
	var status syscall.WaitStatus
	_, err = syscall.Wait4(pid, &status, 0, nil)
	return err
}

// Negative: the pid is returned, so the caller waits.
func returned() (int, error) {
	pid, err := syscall.ForkExec("/bin/true", argv, nil) // ok
	if err != nil {
		return 0, err
	}
	fmt.Println(pid)
	return pid, nil
}

// Negative: the pid is handed to a function of the package.
func handed() error {
	pid, err := syscall.ForkExec("/bin/true", argv, nil) // ok
	if err != nil {
		return err
	}
	return reap(pid)
}

func reap(pid int) error {
	var status syscall.WaitStatus
	_, err := syscall.Wait4(pid, &status, 0, nil)
	return err
}

// Negative: returned directly.
func direct() (int, error) {
	return syscall.ForkExec("/bin/true", argv, nil) // ok
}
