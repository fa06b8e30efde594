// Package fdnumber: a duplicated descriptor handed to a child by its
// number must be closed by the parent once the child has started.
package fdnumber

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

func listenerFD(ln *net.TCPListener) (int, error) {
	f, err := ln.File()
	if err != nil {
		return -1, err
	}
	defer f.Close()
	return int(f.Fd()), nil
}

// kept: the number goes into the environment, the parent never closes it.
func kept(ln *net.TCPListener) error {
	raw, err := listenerFD(ln)
	if err != nil {
		return err
	}
	fd, err := syscall.Dup(raw)
	if err != nil {
		return err
	}
	cmd := exec.Command("/usr/bin/worker")
	cmd.Env = append(os.Environ(), fmt.Sprintf("LISTEN_FD=%d", fd))
	if err := cmd.Start(); err != nil { // want `the child gets descriptor fd \(from syscall.Dup\) by its number in its environment, but the parent does not close its own copy after the start on every path: it stays open in the parent for as long as it runs; close it \(syscall.Close\(fd\)\) once the child has started`
		return err
	}
	return cmd.Wait()
}

// closed: the parent closes its copy after the start.
func closed(raw int) error {
	fd, err := syscall.Dup(raw)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	cmd := exec.Command("/usr/bin/worker")
	cmd.Env = append(os.Environ(), fmt.Sprintf("LISTEN_FD=%d", fd))
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	return cmd.Wait()
}

// inArgs: through a local string, into the arguments.
func inArgs(raw int) error {
	fd, err := syscall.Dup(raw)
	if err != nil {
		return err
	}
	arg := "--fd=" + strconv.Itoa(fd)
	cmd := exec.Command("/usr/bin/worker", arg)
	return cmd.Run() // want `the child gets descriptor fd \(from syscall.Dup\) by its number in its arguments`
}

// wrapped: the number is wrapped in a file that is closed.
func wrapped(raw int) error {
	fd, err := syscall.Dup(raw)
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(fd), "listener")
	defer f.Close()
	cmd := exec.Command("/usr/bin/worker", "--fd="+strconv.Itoa(fd))
	return cmd.Run() // ok
}

// notToChild: the number is only logged.
func notToChild(raw int) error {
	fd, err := syscall.Dup(raw)
	if err != nil {
		return err
	}
	fmt.Println("dup", fd)
	cmd := exec.Command("/usr/bin/worker")
	return cmd.Run() // ok: execfd does not judge this descriptor
}
