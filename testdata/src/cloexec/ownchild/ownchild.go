package ownchild // want package:"startsProcess"

// Package ownchild: in test code, a descriptor pair one end of which the
// test hands to its own child (os.NewFile, then ExtraFiles) is shared on
// purpose, and the finding is strict-only; production code that does the
// same still leaks the other end into the child, and is reported.
// Positive and negative cases side by side here and in ownchild_test.go.

import (
	"os"
	"os/exec"
	"syscall"
)

// Serve is production code: the parent's end reaches the child too.
func Serve() error { // want Serve:"startsProcessFunc"
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0) // want `syscall.Socketpair without SOCK_CLOEXEC`
	if err != nil {
		return err
	}
	child := os.NewFile(uintptr(fds[0]), "child")
	parent := os.NewFile(uintptr(fds[1]), "parent")
	defer child.Close()
	defer parent.Close()
	cmd := exec.Command("helper")
	cmd.ExtraFiles = []*os.File{child}
	return cmd.Run()
}
